//! The list of systems the commands know, and loading a monster file with the one its
//! `system` key names. Adding a system means adding one line to [`Registry::builtin`]; a
//! test (or another program using the library) can register its own with
//! [`Registry::with`].

use crate::io::board_monster_file::looks_like_json;
use crate::io::diagnostic::{Diagnostic, did_you_mean};
use crate::systems::monster_file::{DEFAULT_SYSTEM, read_header};
use crate::systems::{CharacterModel, Monsters, System, SystemCommand};

/// The systems, the first being the default for files without a `system` key.
#[derive(Clone)]
pub struct Registry {
    systems: Vec<&'static dyn System>,
}

impl Registry {
    /// Every system this build ships.
    pub fn builtin() -> Registry {
        Registry {
            systems: vec![
                monster_ai_schemes::SYSTEM,
                monster_ai_ability_deck::SYSTEM,
                monster_ai_ai_deck::SYSTEM,
                monster_ai_needs::SYSTEM,
            ],
        }
    }

    /// This registry with one more system.
    pub fn with(mut self, system: &'static dyn System) -> Registry {
        self.systems.push(system);
        self
    }

    /// Every system it holds, built-in ones first, in the order they were added.
    pub fn systems(&self) -> &[&'static dyn System] {
        &self.systems
    }

    /// The system of the system named `system` (a monster file's `system` value);
    /// `None` when no system has that name.
    pub fn find(&self, system: &str) -> Option<&'static dyn System> {
        self.systems.iter().copied().find(|c| c.system() == system)
    }

    fn default_system(&self) -> &'static dyn System {
        self.find(DEFAULT_SYSTEM).unwrap_or(self.systems[0])
    }

    /// How `simulate` plays the characters of a board of `system`: that system's own
    /// model, or the default system's when it has none.
    pub fn characters_for(&self, system: &str) -> Option<&'static dyn CharacterModel> {
        self.find(system)
            .and_then(|c| c.characters())
            .or_else(|| self.default_system().characters())
    }

    /// The monsters of a board without a monster file: none.
    pub fn no_monsters(&self) -> Box<dyn Monsters> {
        self.default_system().empty()
    }

    /// Reads a monster file with the system its `system` key names.
    pub fn load(&self, path: &str, text: &str) -> crate::error::Result<Box<dyn Monsters>> {
        if looks_like_json(text) {
            return Err(Diagnostic::plain(format!(
                "{path} looks like a board (JSON), not a monster file (TOML)"
            ))
            .with_hint(
                "the monster file comes first, then the board (`monster-ai turn MONSTERS.toml BOARD.json`); `check BOARD` alone checks a board with the monster file it names",
            )
            .into());
        }
        let header = read_header(path, text)?;
        let found = match &header.system {
            None => {
                if let Some((old, span)) = header.legacy_controller
                    && self
                        .find(&old)
                        .is_some_and(|c| c.system() != DEFAULT_SYSTEM)
                {
                    return Err(Diagnostic::at_span(
                        path,
                        text,
                        span,
                        format!("the system is now named once, at the top of the file, not per monster (`controller = \"{old}\"`)"),
                    )
                    .with_hint(format!(
                        "add `system = \"{old}\"` after `format = 1` and remove the `controller` lines"
                    ))
                    .into());
                }
                self.default_system()
            }
            Some((name, span)) => self.find(name).ok_or_else(|| {
                let names: Vec<&str> = self.systems.iter().map(|c| c.system()).collect();
                let hint = match did_you_mean(name, &names) {
                    Some(g) => format!("did you mean `{g}`?"),
                    None => format!("the systems are: {}", names.join(", ")),
                };
                Diagnostic::at_span(path, text, span.clone(), format!("unknown system `{name}`"))
                    .with_path("system")
                    .with_hint(hint)
            })?,
        };
        Ok(found.load(path, text)?)
    }

    /// Every command the systems add to the command line, with the system adding it, in
    /// registry order (a name two systems add appears twice).
    pub fn commands(&self) -> impl Iterator<Item = (&'static dyn System, &'static SystemCommand)> {
        self.systems
            .iter()
            .flat_map(|c| c.commands().iter().map(move |command| (*c, command)))
    }

    /// System command `name` as the board's `monsters` run it: their system's own, or,
    /// for a board without monster types, the first system's that adds it (with that
    /// system's empty monsters). `None` when the board's system does not add it.
    pub fn system_command(
        &self,
        name: &str,
        monsters: Box<dyn Monsters>,
    ) -> Option<(&'static SystemCommand, Box<dyn Monsters>)> {
        let own = |c: &dyn System| c.commands().iter().find(|command| command.name == name);
        if let Some(command) = self.find(monsters.system()).and_then(own) {
            return Some((command, monsters));
        }
        if !monsters.kinds().is_empty() {
            return None;
        }
        self.systems
            .iter()
            .find_map(|c| own(*c).map(|command| (command, c.empty())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(text: &str) -> Diagnostic {
        match Registry::builtin().load("m.toml", text) {
            Err(crate::error::Error::BadInput(d)) => d.first().clone(),
            Err(e) => panic!("expected bad input, got {e}"),
            Ok(_) => panic!("expected bad input"),
        }
    }

    const WARDEN: &str = "[[monster]]\nname = \"w\"\n[[monster.level]]\nlevel = 1\n\
        normal = { hp = 5, move = 2, attack = 2 }\nelite = { hp = 7, move = 2, attack = 3 }\n\
        [[monster.card]]\ninitiative = 10\nactions = [\"move +0\", \"attack +0\"]\n";

    #[test]
    fn the_system_key_picks_the_system() {
        let text = format!("format = 1\nsystem = \"ability-deck\"\n{WARDEN}");
        let m = Registry::builtin().load("m.toml", &text).unwrap();
        assert_eq!(m.system(), "ability-deck");
        let text = "format = 1\n[[monster]]\nname = \"g\"\nhp = 3\ndefence = 10\nspeed = 6\nrange = 1\n\
            [[monster.behaviour]]\ndo = [\"move\"]\n";
        let m = Registry::builtin().load("m.toml", text).unwrap();
        assert_eq!(m.system(), "monster-ai", "no key: the default system");
    }

    #[test]
    fn an_unknown_system_is_located_with_a_suggestion() {
        let d = refused("format = 1\nsystem = \"abilty-deck\"\n");
        assert_eq!(d.message, "unknown system `abilty-deck`");
        assert_eq!(d.hint.as_deref(), Some("did you mean `ability-deck`?"));
        assert_eq!(d.path.as_deref(), Some("system"));
    }

    #[test]
    fn the_old_per_monster_key_asks_for_the_header() {
        let text = format!(
            "format = 1\n{}",
            WARDEN.replace(
                "name = \"w\"\n",
                "name = \"w\"\ncontroller = \"ability-deck\"\n"
            )
        );
        let d = refused(&text);
        assert!(
            d.message.contains("named once, at the top of the file"),
            "{}",
            d.message
        );
        assert!(d.hint.unwrap().contains("system = \"ability-deck\""));
    }
}
