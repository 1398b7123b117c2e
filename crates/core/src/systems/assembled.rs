//! A system assembled from its parts: the `system` key, a title, the function that
//! loads its monster files, and the types of that file and of its saved state (for
//! `schema`). Every built-in system is one of these; the questions asked of its loaded
//! monsters are its [`Monsters`] implementation.

use super::{AddFlag, CharacterModel, Monsters, System, SystemCommand, record};
use crate::board::Side;
use crate::board::{StatSource, Stats};
use crate::io::diagnostic::{Diagnostic, Diagnostics};
use crate::io::schema::schema_of;
use crate::rules::world::World;
use schemars::JsonSchema;
use std::marker::PhantomData;

/// A [`System`] whose monsters are `M`, whose file is `F` and whose saved state is `S`.
pub struct Assembled<M, F, S> {
    name: &'static str,
    title: &'static str,
    load: fn(&str, &str) -> Result<M, Diagnostics>,
    characters: Option<&'static dyn CharacterModel>,
    records: Option<record::Declare>,
    commands: &'static [SystemCommand],
    add_flags: &'static [AddFlag],
    types: PhantomData<fn() -> (F, S)>,
}

impl<M, F, S> Assembled<M, F, S> {
    /// A system called `name` in monster files, `title` in help texts, whose files `load`
    /// reads (from a file's name and text); no characters' model or record words yet.
    pub const fn new(
        name: &'static str,
        title: &'static str,
        load: fn(&str, &str) -> Result<M, Diagnostics>,
    ) -> Assembled<M, F, S> {
        Assembled {
            name,
            title,
            load,
            characters: None,
            records: None,
            commands: &[],
            add_flags: &[],
            types: PhantomData,
        }
    }

    /// This system, whose characters `simulate` plays by `model`.
    pub const fn with_characters(
        mut self,
        model: &'static dyn CharacterModel,
    ) -> Assembled<M, F, S> {
        self.characters = Some(model);
        self
    }

    /// This system, whose boards take the words `declare` declares in `monster-ai record`
    /// (`<MyWords as clap::Subcommand>::augment_subcommands`).
    pub const fn with_records(mut self, declare: record::Declare) -> Assembled<M, F, S> {
        self.records = Some(declare);
        self
    }

    /// This system, which adds `commands` to the command line.
    pub const fn with_commands(mut self, commands: &'static [SystemCommand]) -> Assembled<M, F, S> {
        self.commands = commands;
        self
    }

    /// This system, whose monsters take `flags` in `add --monster KIND`.
    pub const fn with_add_flags(mut self, flags: &'static [AddFlag]) -> Assembled<M, F, S> {
        self.add_flags = flags;
        self
    }
}

impl<M: Monsters + Default, F: JsonSchema, S: JsonSchema> System for Assembled<M, F, S> {
    fn system(&self) -> &'static str {
        self.name
    }

    fn title(&self) -> &'static str {
        self.title
    }

    fn load(&self, path: &str, text: &str) -> Result<Box<dyn Monsters>, Diagnostics> {
        Ok(Box::new((self.load)(path, text)?))
    }

    fn empty(&self) -> Box<dyn Monsters> {
        Box::new(M::default())
    }

    fn file_schema(&self) -> schemars::Schema {
        schema_of::<F>()
    }

    fn state_schema(&self) -> Option<schemars::Schema> {
        Some(schema_of::<S>())
    }

    fn characters(&self) -> Option<&'static dyn CharacterModel> {
        self.characters
    }

    fn record_words(&self) -> Vec<clap::Command> {
        self.records.map(record::declared).unwrap_or_default()
    }

    fn commands(&self) -> &'static [SystemCommand] {
        self.commands
    }

    fn add_flags(&self) -> &'static [AddFlag] {
        self.add_flags
    }
}

/// A new monster of a system whose types have one stat line (`add --monster KIND`).
pub fn one_stat_line<S: StatSource + ?Sized>(
    monsters: &S,
    kind: &str,
) -> Result<Stats, Diagnostic> {
    monsters
        .stats(kind)
        .ok_or_else(|| Diagnostic::plain(format!("--monster `{kind}` is not a monster type")))
}

/// The ids of the monsters of `kind` on the board, in board order (only those of the
/// `roster`, when given): the creatures a type's activation plays. Only the monsters'
/// side is played by its system; a creature of the type on the players' side is the
/// players' to move.
pub fn monsters_of(world: &World, kind: &str, roster: Option<&[String]>) -> Vec<String> {
    world
        .fight()
        .board
        .creatures
        .iter()
        .filter(|c| c.side == Side::Monsters && c.kind.as_deref() == Some(kind))
        .filter(|c| roster.is_none_or(|r| r.contains(&c.id)))
        .map(|c| c.id.clone())
        .collect()
}

/// Deals a round for a system with a monster phase: each monster type with a monster on
/// the board, in the order of `kinds` (the monster file's), then every character in
/// board order.
pub fn types_then_characters<'k>(world: &mut World, kinds: impl IntoIterator<Item = &'k str>) {
    let creatures = &world.fight().board.creatures;
    let mut order: Vec<String> = kinds
        .into_iter()
        .filter(|&k| creatures.iter().any(|c| c.kind.as_deref() == Some(k)))
        .map(String::from)
        .collect();
    order.extend(
        creatures
            .iter()
            .filter(|c| c.side == Side::Players)
            .map(|c| c.id.clone()),
    );
    world.set_turn_order(order);
}
