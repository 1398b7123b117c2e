//! The one place where a fight changes. Every mutation (moving, damage, death, statuses,
//! gold, fires, traps, arrivals) goes through [`World`], which also records the events
//! narration is built from, and applies the traits that react to those changes.

use super::events::{Event, RollInfo};
use super::hooks::Leaving;
use super::ties::Chooser;
use crate::board::{
    Ability, Arrival, Creature, Fallen, Fight, Fire, Side, StatSource, Stats, Status, StatusKind,
    Trait, Trap, Until,
};
use crate::chance::dice::{D20, Dice, Edge, Roll, roll_d20};
use crate::chance::rng::GameRng;
use crate::grid::{Cell, Terrain};

/// How long a fire set by a monster burns, in round starts.
pub const FIRE_ROUNDS: u32 = 2;
/// Damage for entering or starting a turn in fire, and for entering hazardous terrain.
pub const FIRE_DAMAGE: Dice = Dice {
    count: 1,
    sides: 4,
    modifier: 0,
};

/// Where damage comes from and how it is dealt.
#[derive(Clone, Debug, Default)]
pub struct Harm<'a> {
    /// For narration: "Warg 1's attack", "fire", "a trap".
    pub source: String,
    /// The creature that dealt it (its id), when a creature did.
    pub dealer: Option<String>,
    /// The roll behind the damage, when it was rolled.
    pub roll: Option<RollInfo>,
    /// Bonuses and penalties that changed it, in words.
    pub modifiers: Vec<String>,
    /// Damage type for Immunity (`fire`, `magic`).
    pub kind: Option<&'a str>,
    /// Shields only stop damage from attacks.
    pub from_attack: bool,
    /// How much of the target's shield the attack ignores (Gloomhaven's pierce).
    pub pierce: u32,
}

impl<'a> Harm<'a> {
    /// Damage from a source told by this name.
    pub fn new(source: impl Into<String>) -> Harm<'a> {
        Harm {
            source: source.into(),
            ..Harm::default()
        }
    }

    /// Damage creature `id` deals with its `what` ("attack", "retaliate"): told as
    /// "ID's WHAT", with `id` as the dealer.
    pub fn dealt_by(id: &str, what: &str) -> Harm<'a> {
        Harm {
            dealer: Some(id.to_string()),
            ..Harm::new([id, "'s ", what].concat())
        }
    }

    /// The same damage, told with the roll that made it.
    pub fn rolled(mut self, roll: &Roll) -> Harm<'a> {
        self.roll = Some(roll.into());
        self
    }

    /// The same damage, of a type (for immunities).
    pub fn of_kind(mut self, kind: Option<&'a str>) -> Harm<'a> {
        self.kind = kind;
        self
    }
}

/// What one stretch of a move did (see [`World::move_along`]).
struct Leg {
    walked: Vec<Cell>,
    stopped_by: Option<Cell>,
    sliding: bool,
}

/// Why a creature is moving.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveCause {
    /// Walking by its own movement.
    Walk,
    /// Pushed away by another.
    Push,
    /// Pulled closer by another.
    Pull,
    /// Over everything on the way: only the hex it lands in counts.
    Jump,
    /// Straight to the destination, whatever lies between.
    Teleport,
}

impl MoveCause {
    fn label(self) -> &'static str {
        match self {
            MoveCause::Walk => "move",
            MoveCause::Push => "push",
            MoveCause::Pull => "pull",
            MoveCause::Jump => "jump",
            MoveCause::Teleport => "teleport",
        }
    }

    /// Jumps and teleports touch only the cell they land in.
    fn leaps(self) -> bool {
        matches!(self, MoveCause::Jump | MoveCause::Teleport)
    }
}

/// A fight being played. Its fields are private to the rules core: controllers and
/// commands read the fight through [`World::fight`] and change it only through the
/// methods here and in the rule modules, each of which records its event.
pub struct World<'a> {
    pub(in crate::rules) fight: &'a mut Fight,
    rng: &'a mut GameRng,
    chooser: &'a mut dyn Chooser,
    pub(in crate::rules) schemes: &'a dyn StatSource,
    events: Vec<Event>,
    /// The creature whose turn it is.
    acting: Option<String>,
    /// Set when a choice could not be made (no answer to `--ties ask`) or a change was
    /// refused: the command must stop without writing anything. A message and a hint.
    failure: Option<(String, String)>,
    /// Explosions and frenzies waiting to be dealt (see [`World::burst`]).
    /// Where, how much, who and by what (see [`World::burst`]).
    bursts: std::collections::VecDeque<(Cell, i32, String, &'static str)>,
    bursting: bool,
    /// How many events the chooser has been shown (for `--ties ask`).
    shown: usize,
    /// The system's hooks (see [`World::with_hooks`]).
    hooks: Option<&'a dyn super::hooks::SystemHooks>,
    /// Goal fields kept for movers that walk toward the same cells (see
    /// [`World::goal_fields`]).
    goal_fields: crate::grid::path::GoalFields,
    /// The board index [`World::idx`] found last: a turn asks for the same creature
    /// again and again (ids are unique, so a match there is the only one).
    last_idx: std::cell::Cell<usize>,
}

impl<'a> World<'a> {
    /// A world over a fight, rolling with `rng` and breaking ties with `chooser`.
    pub fn new(
        fight: &'a mut Fight,
        rng: &'a mut GameRng,
        chooser: &'a mut dyn Chooser,
        schemes: &'a dyn StatSource,
    ) -> World<'a> {
        // A character whose turn `next` opened is still acting between commands.
        let acting = fight.board.acting.clone();
        World {
            fight,
            rng,
            chooser,
            schemes,
            events: Vec::new(),
            acting,
            bursts: std::collections::VecDeque::new(),
            bursting: false,
            failure: None,
            shown: 0,
            hooks: None,
            goal_fields: Default::default(),
            last_idx: std::cell::Cell::new(0),
        }
    }

    /// Goal fields searched for earlier movers in this command, for the next mover with
    /// the same goals over the same board (each is checked against the board as it is
    /// now before it is reused).
    pub fn goal_fields(&self) -> &crate::grid::path::GoalFields {
        &self.goal_fields
    }

    /// The side that has won the fight as it stands, if any ([`deck::winner`]), counting
    /// the creatures the system holds off the board (`SystemHooks::waiting`).
    ///
    /// [`deck::winner`]: crate::rules::deck::winner
    pub fn winner(&self) -> Option<crate::board::Side> {
        crate::rules::deck::winner(self.fight, &|side| {
            self.hooks.is_some_and(|h| h.waiting(self.fight, side))
        })
    }

    /// The system to tell when a creature falls or a turn ends (`rules::hooks`).
    pub fn with_hooks(mut self, hooks: &'a dyn super::hooks::SystemHooks) -> World<'a> {
        self.hooks = Some(hooks);
        self
    }

    /// Records an event as it happens.
    pub fn emit(&mut self, e: Event) {
        self.events.push(e);
    }

    /// The monsters' stats and rules this fight is played with.
    pub fn stat_source(&self) -> &'a dyn StatSource {
        self.schemes
    }

    /// The fight as it stands, to read.
    pub fn fight(&self) -> &Fight {
        self.fight
    }

    /// The board's random generator, for the rolls and shuffles of a system's own decks.
    pub fn rng(&mut self) -> &mut GameRng {
        self.rng
    }

    /// The events recorded so far.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// Takes the recorded events out (the command is over).
    pub fn take_events(&mut self) -> Vec<Event> {
        std::mem::take(&mut self.events)
    }

    /// Forgets the recorded events, keeping their room for the next ones (a caller that
    /// has read them with [`World::events`], as `simulate` does step after step).
    pub fn clear_events(&mut self) {
        self.events.clear();
    }

    /// Moves the events recorded since `mark` (a length of [`World::events`]) to the end,
    /// after whatever is recorded in between: a tie settled while deciding is told after
    /// the decision it belongs to.
    pub fn tell_later(&mut self, mark: usize, between: impl FnOnce(&mut World<'a>)) {
        let settled: Vec<Event> = self.events.drain(mark..).collect();
        self.shown = self.shown.min(mark);
        between(self);
        self.events.extend(settled);
    }

    /// True once a choice could not be made: the command stops and writes nothing.
    pub fn failed(&self) -> bool {
        self.failure.is_some()
    }

    /// Why the command failed, if it did, with what to do (taken out).
    pub fn take_failure(&mut self) -> Option<(String, String)> {
        self.failure.take()
    }

    /// True when a creature may stand on `cell`: on the board, on ground that does not
    /// block movement, and no creature but `except` there.
    pub fn can_stand(&self, cell: Cell, except: Option<&str>) -> bool {
        let map = &self.fight.map;
        map.grid.contains(cell)
            && !map.terrain(cell).blocks_movement()
            && self
                .fight
                .creature_at(cell)
                .is_none_or(|j| Some(self.fight.board.creatures[j].id.as_str()) == except)
    }

    /// Refuses a change that would break the board (a creature in a wall or on another):
    /// the command stops and writes nothing.
    fn refuse(&mut self, what: String) {
        if self.failure.is_none() {
            self.failure = Some((
                what,
                "this is a bug in monster-ai; please report it with the board".into(),
            ));
        }
    }

    /// Stops the command because the players owe it something (an initiative, say): it
    /// ends with `message` and `hint` (exit 2) and writes nothing.
    pub fn stop(&mut self, message: String, hint: String) {
        if self.failure.is_none() {
            self.failure = Some((message, hint));
        }
    }

    /// How ties are settled this command (`--ties`).
    pub fn tie_policy(&self) -> super::ties::TiePolicy {
        self.chooser.policy()
    }

    /// No creature's turn is in progress (the one acting has died).
    pub fn clear_acting(&mut self) {
        self.acting = None;
    }

    /// Lays out the round's turn-order deck (already in order) and starts drawing from
    /// its top.
    pub fn set_turn_order(&mut self, order: Vec<String>) {
        self.fight.board.turn_order = order;
        self.fight.board.cards_drawn = 0;
        self.tell_turn_order();
    }

    /// The board index of the living creature `id`.
    pub fn idx(&self, id: &str) -> Option<usize> {
        let last = self.last_idx.get();
        if self
            .fight
            .board
            .creatures
            .get(last)
            .is_some_and(|c| c.id == id)
        {
            return Some(last);
        }
        let found = self.fight.index_of(id);
        if let Some(i) = found {
            self.last_idx.set(i);
        }
        found
    }

    /// Name for narration.
    pub fn name(&self, id: &str) -> String {
        self.idx(id)
            .map(|i| self.fight.board.creatures[i].display_name().to_string())
            .unwrap_or_else(|| id.to_string())
    }

    /// Whether `id` is on the board.
    pub fn alive(&self, id: &str) -> bool {
        self.idx(id).is_some()
    }

    /// Picks one of `options` (at least one); with two or more, asks the tie policy and
    /// records the tie.
    pub fn tie(&mut self, what: &str, options: &[String]) -> usize {
        if options.len() < 2 || self.failure.is_some() {
            return 0;
        }
        let from = self.shown.min(self.events.len());
        self.chooser.show(&self.events[from..]);
        self.shown = self.events.len();
        match self.chooser.choose(what, options, self.rng) {
            Ok(i) => {
                let policy = self.chooser.policy().label().to_string();
                self.emit(Event::Tie {
                    what: what.to_string(),
                    options: options.to_vec(),
                    chosen: options[i].clone(),
                    policy,
                });
                i
            }
            Err(msg) => {
                self.failure = Some((
                    msg,
                    "answer with the option's number, or use --ties first|random".into(),
                ));
                0
            }
        }
    }

    /// Rolls dice with the board's generator.
    pub fn roll(&mut self, dice: &Dice) -> Roll {
        dice.roll(self.rng)
    }

    /// Rolls a d20 test with the board's generator.
    pub fn d20(&mut self, edge: Edge) -> D20 {
        roll_d20(self.rng, edge)
    }

    /// A saving throw by `id` against `dc`; `subject` names what is resisted (a status or
    /// damage type) for Resistance and Weakness.
    pub fn saving_throw(&mut self, id: &str, ability: Ability, dc: i32, subject: &str) -> bool {
        let Some(i) = self.idx(id) else { return true };
        let stats = &self.fight.stats[i];
        let advantage = stats.traits.iter().any(|t| match t {
            Trait::BossResistance => true,
            Trait::Resistance(s) => s == subject,
            _ => false,
        });
        let disadvantage = self.fight.has_status(i, StatusKind::Dazed)
            || stats
                .traits
                .iter()
                .any(|t| matches!(t, Trait::Weakness(s) if s == subject));
        let modifier = stats.saves.modifier(ability);
        let edge = Edge::combine(advantage, disadvantage);
        let roll = self.d20(edge);
        let total = roll.kept as i32 + modifier;
        let success = total >= dc;
        self.emit(Event::Save {
            creature: id.to_string(),
            ability: ability.label().to_string(),
            dc,
            faces: roll.faces,
            edge: edge_label(edge),
            modifier,
            total,
            success,
        });
        success
    }

    /// Deals `amount` damage (already including the attack's modifiers) to `id`.
    /// Shields only stop damage from attacks, less the attack's pierce. Returns the
    /// damage actually taken.
    pub fn damage(&mut self, id: &str, amount: i32, harm: Harm) -> i32 {
        let Harm {
            source,
            dealer,
            roll,
            mut modifiers,
            kind,
            from_attack,
            pierce,
        } = harm;
        let Some(i) = self.idx(id) else { return 0 };
        let mut prevented = 0;
        let mut amount = amount.max(0);
        if self.fight.has_trait(i, &Trait::Invulnerable) && amount > 0 {
            self.trait_note(id, "invulnerable", "takes no damage");
            prevented += amount;
            amount = 0;
        }
        if let Some(k) = kind
            && amount > 0
            && self.fight.has_trait(i, &Trait::Immunity(k.to_string()))
        {
            self.trait_note(
                id,
                &format!("immunity {k}"),
                &format!("takes no {k} damage"),
            );
            prevented += amount;
            amount = 0;
        }
        if from_attack {
            let mut shield = self.fight.status_amount(i, StatusKind::Shielded) as i32;
            // Pierce ignores that much of the shield (told when it mattered).
            let pierced = (pierce as i32).min(shield);
            if pierced > 0 && amount > 0 {
                shield -= pierced;
                modifiers.push(format!("pierce {pierced}"));
            }
            let stopped = shield.min(amount);
            prevented += stopped;
            amount -= stopped;
        }
        let c = &mut self.fight.board.creatures[i];
        c.hp -= amount;
        let (hp, max_hp) = (c.hp, self.fight.stats[i].max_hp);
        self.emit(Event::Damage {
            target: id.to_string(),
            source: source.to_string(),
            dealer,
            roll,
            modifiers,
            amount,
            prevented,
            hp: hp.max(0),
            max_hp,
        });
        if hp <= 0 {
            self.die(id);
        } else if amount > 0 {
            self.test_morale(id);
        }
        amount
    }

    /// Kills `id` outright (0 HP): records it, removes it, and sets off Explode.
    pub fn die(&mut self, id: &str) {
        let Some(i) = self.idx(id) else { return };
        let (record, stats) = self.take_off(i, Leaving::Fell);
        let cell = record.position;
        let round = self.fight.board.round;
        if stats.traits.contains(&Trait::Resurrect) {
            super::resurrect::schedule(self, &record, stats.max_hp);
        }
        self.fight.board.fallen.push(Fallen {
            round,
            creature: record,
        });
        for t in &stats.traits {
            if let Trait::Explode(x) = t {
                self.trait_note(
                    id,
                    &format!("explode {x}"),
                    &format!("bursts, dealing {x} damage to each adjacent creature"),
                );
                self.burst(cell, *x as i32, id, "explosion");
            }
        }
    }

    /// Deals `amount` to every creature next to `at` (no thin wall between): Explode and
    /// Frenzy.
    ///
    /// Bursts are queued and worked off one after another by the outermost call, so a
    /// chain of explosions (each death setting off the next) never deepens the stack.
    pub fn burst(&mut self, at: Cell, amount: i32, by: &str, what: &'static str) {
        self.bursts.push_back((at, amount, by.to_string(), what));
        if self.bursting {
            return;
        }
        self.bursting = true;
        while let Some((at, amount, by, what)) = self.bursts.pop_front() {
            let around: Vec<String> = crate::rules::targeting::adjacent_creatures(self.fight, at)
                .into_iter()
                .map(|j| self.fight.board.creatures[j].id.clone())
                .collect();
            for other in around {
                self.damage(&other, amount, Harm::dealt_by(&by, what));
            }
        }
        self.bursting = false;
    }

    /// Test Morale: the first time the creature drops below half its max HP it makes a
    /// WIS 10 save or retreats.
    fn test_morale(&mut self, id: &str) {
        let Some(i) = self.idx(id) else { return };
        let c = &self.fight.board.creatures[i];
        if c.morale_tested
            || !self.fight.has_trait(i, &Trait::TestMorale)
            || c.hp * 2 >= self.fight.stats[i].max_hp
        {
            return;
        }
        self.fight.board.creatures[i].morale_tested = true;
        self.trait_note(
            id,
            "test morale",
            "is below half its HP and tests its morale (WIS 10)",
        );
        if !self.saving_throw(id, Ability::Wis, 10, "morale") {
            self.retreat(id);
        }
    }

    /// Removes `id` from play (not a death).
    pub fn retreat(&mut self, id: &str) {
        if let Some(i) = self.idx(id) {
            self.take_off(i, Leaving::Retreated);
        }
    }

    /// Takes creature `i` off the board, the one way any creature leaves it: its summons
    /// no longer name it as their summoner, its departure is told (`how`), and the
    /// system's hook lets go of what the system's state holds for it (`rules::hooks`).
    /// Returns the creature as it left (a fallen one with 0 HP) and its stats.
    fn take_off(&mut self, i: usize, how: Leaving) -> (Creature, Stats) {
        if self.fight.board.creatures[i].is_character() {
            self.keep_counted_maxima();
        }
        let mut creature = self.fight.board.creatures.remove(i);
        let stats = self.fight.stats.remove(i);
        for c in &mut self.fight.board.creatures {
            if c.summoner.as_deref() == Some(creature.id.as_str()) {
                c.summoner = None;
            }
        }
        let (id, name, cell) = (
            creature.id.clone(),
            creature.display_name().to_string(),
            creature.position.name(),
        );
        self.emit(match how {
            Leaving::Fell => Event::Died {
                creature: id,
                name,
                cell,
            },
            Leaving::Retreated => Event::Retreat {
                creature: id,
                name,
                cell,
            },
            Leaving::Removed => Event::Removed {
                creature: id,
                name,
                cell,
            },
        });
        if how == Leaving::Fell {
            creature.hp = 0;
        }
        if let Some(hooks) = self.hooks {
            hooks.left(self, &creature, how);
        }
        (creature, stats)
    }

    /// Puts a new creature on the board (its cell has been checked to be free); `event`
    /// says how it came (added by a player, resurrected). A board already at its size
    /// limits (`board::limits`) has no room: the creature stays away.
    pub fn place_creature(&mut self, mut creature: Creature, stats: Stats, mut event: Event) {
        if !crate::board::limits::room_for_one_more(&self.fight.board) {
            self.emit(Event::NoRoom {
                what: creature.display_name().to_string(),
                near: creature.position.name(),
                later: false,
            });
            return;
        }
        // A large creature needs every square of its block.
        let taken = self
            .fight
            .block_blocked(stats.size(), creature.position, None)
            .is_some();
        if taken || self.alive(&creature.id) {
            return self.refuse(format!(
                "refused to put {} on {}: the cell is taken or not ground, or the id is in use",
                creature.id, creature.position
            ));
        }
        if creature.is_character() {
            self.keep_counted_maxima();
        }
        if creature.max_hp.is_none() && self.counts_characters(&creature) {
            creature.max_hp = Some(stats.max_hp);
        }
        let id = creature.id.clone();
        self.fight.board.creatures.push(creature);
        self.fight.stats.push(stats);
        if let Event::Added { health, .. } = &mut event {
            *health = health
                .take()
                .or_else(|| self.schemes.health(self.fight, &id));
        }
        self.emit(event);
    }

    /// Whether `c`'s maximum HP counts the characters (a Gloomhaven boss's `C`).
    fn counts_characters(&self, c: &Creature) -> bool {
        c.kind
            .as_deref()
            .is_some_and(|k| self.schemes.max_hp_counts_characters(k))
    }

    /// The characters are about to change (one enters or leaves): a creature whose
    /// maximum HP counts them keeps the maximum it has, saved as its `max_hp` (a maximum is
    /// fixed when its creature enters the fight; boards written before it was saved get it
    /// here).
    fn keep_counted_maxima(&mut self) {
        for i in 0..self.fight.board.creatures.len() {
            let c = &self.fight.board.creatures[i];
            if c.max_hp.is_none() && self.counts_characters(c) {
                self.fight.board.creatures[i].max_hp = Some(self.fight.stats[i].max_hp);
            }
        }
    }

    /// Takes `id` off the board without a death (a player's `remove`).
    pub fn remove_creature(&mut self, id: &str) {
        if let Some(i) = self.idx(id) {
            self.take_off(i, Leaving::Removed);
        }
    }

    /// The nearest cell to `from` on which a figure could stand (on the map, neither
    /// wall, obstacle nor closed door; a figure already there does not matter), counted
    /// in steps around walls: `from` itself when it is one. Equally near cells go to the
    /// tie policy (`what` names what is being placed there, for the tie's narration).
    /// `None` when none can be reached.
    pub fn nearest_ground(&mut self, from: Cell, what: &str) -> Option<Cell> {
        let map = &self.fight.map;
        let ground = |c: Cell| map.grid.contains(c) && !map.terrain(c).blocks_movement();
        if ground(from) {
            return Some(from);
        }
        let most = (map.grid.width + map.grid.height).max(1) * 2;
        let mut limit = 1;
        let nearest = loop {
            let field = map.search_range(from, limit);
            let mut best: Vec<(Cell, u32)> = Vec::new();
            for (c, d) in field.cells().filter(|&(c, _)| ground(c)) {
                match best.first() {
                    Some(&(_, b)) if d > b => {}
                    Some(&(_, b)) if d == b => best.push((c, d)),
                    _ => best = vec![(c, d)],
                }
            }
            if !best.is_empty() {
                break best;
            }
            if limit >= most {
                return None;
            }
            limit = (limit * 2).min(most);
        };
        let names: Vec<String> = nearest.iter().map(|(c, _)| c.name()).collect();
        let k = self.tie(what, &names);
        Some(nearest[k].0)
    }

    /// Puts `id` straight onto `cell`: no path, no traps sprung, no opportunity attacks.
    pub fn place_at(&mut self, id: &str, cell: Cell) {
        let Some(i) = self.idx(id) else { return };
        let flying = self.fight.has_trait(i, &Trait::Flying);
        if self
            .fight
            .stand_blocked(self.fight.size(i), flying, cell, Some(i))
            .is_some()
        {
            return self.refuse(format!(
                "refused to put {id} on {cell}: the cell is taken or not ground"
            ));
        }
        let from = self.fight.board.creatures[i].position;
        self.fight.board.creatures[i].position = cell;
        self.emit(Event::Placed {
            creature: id.to_string(),
            from: from.name(),
            to: cell.name(),
        });
    }

    /// Adds `change` (may be negative) to `id`'s gold; the caller checks it stays >= 0.
    pub fn change_gold(&mut self, id: &str, change: i64) {
        let Some(i) = self.idx(id) else { return };
        let c = &mut self.fight.board.creatures[i];
        c.gold = (i64::from(c.gold) + change).clamp(0, i64::from(crate::board::MAX_GOLD)) as u32;
        let gold = c.gold;
        self.emit(Event::GoldChanged {
            creature: id.to_string(),
            change,
            gold,
        });
    }

    /// Heals `id`. A withered creature instead loses its wither and gains no HP.
    pub fn heal(&mut self, id: &str, amount: i32, roll: Option<RollInfo>) {
        let Some(i) = self.idx(id) else { return };
        let withered = self.fight.has_status(i, StatusKind::Withered);
        let max_hp = self.fight.stats[i].max_hp;
        let c = &mut self.fight.board.creatures[i];
        let gained = if withered {
            0
        } else {
            amount.max(0).min(max_hp - c.hp)
        };
        c.hp += gained;
        let hp = c.hp;
        self.emit(Event::Heal {
            creature: id.to_string(),
            roll,
            amount: gained,
            hp,
            max_hp,
        });
        let reason = if withered {
            "the heal only cures the wither"
        } else {
            "healed"
        };
        self.remove_status(id, StatusKind::Withered, reason);
    }

    /// Gives `id` a status (replacing one of the same kind). Invulnerable and immune
    /// creatures are unaffected; a Cowardly creature that becomes terrified retreats.
    pub fn add_status(&mut self, id: &str, kind: StatusKind, amount: Option<u32>) {
        self.gain_status(id, kind, amount, 1);
    }

    /// Gives `id` Retaliate `amount` against attackers within `range`, replacing only a
    /// retaliating status of the same range (retaliates of different ranges add up).
    pub fn add_retaliate(&mut self, id: &str, amount: u32, range: u32) {
        self.gain_status(id, StatusKind::Retaliating, Some(amount), range);
    }

    /// Gives `id` a standing shield or retaliate from its stat line (`range` for
    /// retaliating), kept until removed: no more than once, so nothing is told again
    /// while it stands. A card's own shield or retaliate is a passing status beside it.
    pub fn add_standing(&mut self, id: &str, kind: StatusKind, amount: u32, range: u32) {
        let Some(i) = self.idx(id) else { return };
        let has = self.fight.board.creatures[i].statuses.iter().any(|s| {
            s.status == kind && s.standing() && s.reach() == range && s.amount == Some(amount)
        });
        if !has {
            self.gain_status_until(id, kind, Some(amount), range, Some(Until::Removed));
        }
    }

    /// [`World::add_status`] with a range (1 for every status but retaliating).
    fn gain_status(&mut self, id: &str, kind: StatusKind, amount: Option<u32>, range: u32) {
        self.gain_status_until(id, kind, amount, range, None);
    }

    /// [`World::gain_status`], lasting `until` instead of as the status usually does.
    fn gain_status_until(
        &mut self,
        id: &str,
        kind: StatusKind,
        amount: Option<u32>,
        range: u32,
        lasting: Option<Until>,
    ) {
        let Some(i) = self.idx(id) else { return };
        if self.fight.has_trait(i, &Trait::Invulnerable) {
            self.trait_note(id, "invulnerable", &format!("is not {}", kind.label()));
            return;
        }
        if self
            .fight
            .has_trait(i, &Trait::Immunity(kind.label().to_string()))
        {
            self.trait_note(
                id,
                &format!("immunity {}", kind.label()),
                &format!("is not {}", kind.label()),
            );
            return;
        }
        let own_turn = self.acting.as_deref() == Some(id);
        let mut status = Status::applied(kind, amount, own_turn, self.fight.board.round);
        if let Some(u) = lasting {
            status.until = u;
            status.fresh = false;
        }
        let reach = (range > 1).then_some(range);
        status.range = reach;
        // A monster is "it"; a character is "they", whoever plays it.
        let character = self.fight.board.creatures[i].kind.is_none();
        let until = if lasting.is_some() {
            "removed (from its stat line)".to_string()
        } else {
            until_label(status.until, character)
        };
        let c = &mut self.fight.board.creatures[i];
        c.statuses.retain(|s| !s.same_slot(&status));
        c.statuses.push(status);
        c.statuses.sort_by_key(|s| (s.status, s.reach()));
        self.emit(Event::StatusGained {
            creature: id.to_string(),
            status: kind.label().to_string(),
            amount,
            range: reach,
            until,
        });
        if kind == StatusKind::Terrified && self.fight.has_trait(i, &Trait::Cowardly) {
            self.trait_note(id, "cowardly", "is terrified and flees");
            self.retreat(id);
        }
    }

    /// Ends every status of this kind on `id`, telling `reason`.
    pub fn remove_status(&mut self, id: &str, kind: StatusKind, reason: &str) {
        self.end_statuses(id, kind, reason, false);
    }

    /// Like [`World::remove_status`], leaving a standing one (a stat line's) in place.
    pub fn remove_passing_status(&mut self, id: &str, kind: StatusKind, reason: &str) {
        self.end_statuses(id, kind, reason, true);
    }

    /// Ends `id`'s statuses of `kind` (but its standing one, with `keep_standing`).
    fn end_statuses(&mut self, id: &str, kind: StatusKind, reason: &str, keep_standing: bool) {
        let Some(i) = self.idx(id) else { return };
        let c = &mut self.fight.board.creatures[i];
        let before = c.statuses.len();
        c.statuses
            .retain(|s| s.status != kind || (keep_standing && s.standing()));
        let stays = c.statuses.iter().any(|s| s.status == kind);
        if c.statuses.len() != before {
            let reason = if stays {
                format!("{reason}: its card's part ends, its stat line's stays")
            } else {
                reason.to_string()
            };
            self.emit(Event::StatusEnded {
                creature: id.to_string(),
                status: kind.label().to_string(),
                reason,
            });
        }
    }

    /// Records that a trait of `id` came into play.
    pub fn trait_note(&mut self, id: &str, name: &str, detail: &str) {
        self.emit(Event::TraitTriggered {
            creature: id.to_string(),
            name: name.to_string(),
            detail: detail.to_string(),
        });
    }

    /// Moves `id` along `path` (start excluded) one cell at a time, springing traps and
    /// catching fire on the way. A walk may provoke opportunity attacks (Slippery
    /// creatures disengage instead). A creature that steps onto ice slides on in the same
    /// direction until it hits something or the ice ends; it walks on along its path only
    /// if the slide left it on it (as the Gloomhaven solver plans). Stops early if the creature dies, retreats or is stopped by what it
    /// stepped into. Returns the cells actually entered.
    pub fn move_along(&mut self, id: &str, path: &[Cell], cause: MoveCause) -> Vec<Cell> {
        let Some(i) = self.idx(id) else {
            return Vec::new();
        };
        let start = self.fight.board.creatures[i].position;
        if cause.leaps() {
            return self.leap(id, path, cause);
        }
        let mut walked = Vec::new();
        let mut rest = path;
        loop {
            let leg = self.walk_leg(id, rest, cause);
            walked.extend(&leg.walked);
            if let Some(cell) = leg.stopped_by {
                self.enter_cell_effects(id, cell);
            } else if !leg.sliding {
                break;
            }
            // A walk cut short by a trap or fire, or carried on by a slide, goes on from
            // where the creature stands if that is on its path and it still can move.
            let Some(i) = self.idx(id) else { break };
            let here = self.fight.board.creatures[i].position;
            let Some(k) = rest.iter().position(|&c| c == here) else {
                break;
            };
            rest = &rest[k + 1..];
            let can_go_on = !self.fight.has_status(i, StatusKind::Immobilized)
                && !self.fight.has_status(i, StatusKind::Stunned);
            if cause != MoveCause::Walk || !can_go_on || rest.is_empty() {
                break;
            }
        }
        self.make_room(id, start, &walked);
        walked
    }

    /// A jump or teleport along `path`: the creature lands on its last cell, springing
    /// only what lies there (no slide: it does not step onto the ice, it lands on it).
    fn leap(&mut self, id: &str, path: &[Cell], cause: MoveCause) -> Vec<Cell> {
        let (Some(i), Some(&to)) = (self.idx(id), path.last()) else {
            return Vec::new();
        };
        let from = self.fight.board.creatures[i].position;
        self.fight.board.creatures[i].position = to;
        self.narrate_move(id, from, path, cause, Vec::new());
        let (flying, unaffected) = self.above_ground(i);
        if self.harmful(to, flying, unaffected) {
            self.enter_cell_effects(id, to);
        }
        vec![to]
    }

    /// One stretch of a move: up to the end of `path`, the first cell that harms the
    /// creature (`stopped_by`), or the end of a slide. Narrated as one move.
    fn walk_leg(&mut self, id: &str, path: &[Cell], cause: MoveCause) -> Leg {
        let Some(mut i) = self.idx(id) else {
            return Leg {
                walked: Vec::new(),
                stopped_by: None,
                sliding: false,
            };
        };
        let from = self.fight.board.creatures[i].position;
        let side = self.fight.board.creatures[i].side;
        let (flying, unaffected) = self.above_ground(i);
        let slippery = self.fight.has_trait(i, &Trait::Slippery);
        let mut walked = Vec::new();
        let mut sliding = false;
        let mut slid = 0;
        let mut provoked: Vec<String> = Vec::new();
        let mut stopped_by = None;
        let (mut prev, mut planned) = (from, path.iter().copied());
        // The walk is told in stretches: an opportunity attack interrupts it.
        let mut stretch = (from, 0);
        let mut next = planned.next();
        while let Some(cell) = next {
            if cause == MoveCause::Walk && !sliding && self.schemes.opportunity_attacks() {
                let before = provoked.len();
                self.note_leaving(side, prev, cell, &mut provoked);
                let strikers = if slippery {
                    Vec::new()
                } else {
                    self.strikers(i, &mut provoked, before)
                };
                if !strikers.is_empty() {
                    self.narrate_move(id, stretch.0, &walked[stretch.1..], cause, Vec::new());
                    stretch = (prev, walked.len());
                    for (enemy, attack) in strikers {
                        self.opportunity_attack(&enemy, id, &attack);
                    }
                    // The strikes may have felled anyone, so the walker is looked up again.
                    match self.idx(id) {
                        Some(j)
                            if !self.fight.has_status(j, StatusKind::Immobilized)
                                && !self.fight.has_status(j, StatusKind::Stunned) =>
                        {
                            i = j
                        }
                        _ => break,
                    }
                }
            }
            self.fight.board.creatures[i].position = cell;
            walked.push(cell);
            slid += u32::from(sliding);
            if self.harmful(cell, flying, unaffected) {
                stopped_by = Some(cell);
                break;
            }
            next = if !unaffected && self.fight.map.terrain(cell) == Terrain::Icy {
                // On ice the planned path no longer matters: it slides on or stops here.
                sliding = true;
                let on = self.fight.grid().beyond(prev, cell);
                on.filter(|&n| {
                    self.fight.map.step_open(cell, n) && self.fight.creature_at(n).is_none()
                })
            } else if sliding {
                None
            } else {
                planned.next()
            };
            prev = cell;
        }
        self.narrate_move(id, stretch.0, &walked[stretch.1..], cause, provoked);
        if slid > 0 {
            let to = walked.last().map_or_else(String::new, |c| c.name());
            self.emit(Event::Slide {
                creature: id.to_string(),
                to,
            });
        }
        Leg {
            walked,
            stopped_by,
            sliding,
        }
    }

    /// A move may pass through allies but never end on one. When a slide or a stop on the
    /// way leaves `id` sharing a cell, it steps back along the cells it came through to
    /// the nearest free one (or its start).
    fn make_room(&mut self, id: &str, from: Cell, walked: &[Cell]) {
        let Some(i) = self.idx(id) else { return };
        let here = self.fight.board.creatures[i].position;
        let shared = |w: &World, c: Cell| {
            w.fight
                .board
                .creatures
                .iter()
                .enumerate()
                .any(|(j, o)| j != i && o.position == c)
        };
        if !shared(self, here) {
            return;
        }
        let mut back: Vec<Cell> = walked.iter().rev().skip(1).copied().chain([from]).collect();
        let stop = back
            .iter()
            .position(|&c| c == from || !shared(self, c))
            .unwrap_or(back.len() - 1);
        back.truncate(stop + 1);
        let to = back[stop];
        self.fight.board.creatures[i].position = to;
        self.emit(Event::Move {
            creature: id.to_string(),
            from: here.name(),
            to: to.name(),
            path: back.iter().map(|c| c.name()).collect(),
            cause: "step back".to_string(),
        });
    }

    /// Takes out of `provoked[from..]` the enemies that strike at creature `walker`
    /// themselves (those with an opportunity attack, able to reach it), with their
    /// attacks; the others stay, for the players to resolve.
    fn strikers(
        &self,
        walker: usize,
        provoked: &mut Vec<String>,
        from: usize,
    ) -> Vec<(String, crate::board::action::Attack)> {
        let mut strikers = Vec::new();
        let mut k = from;
        while k < provoked.len() {
            // A flying walker is out of reach of a melee attack.
            let attack = self
                .idx(&provoked[k])
                .and_then(|j| self.fight.stats[j].opportunity.clone())
                .filter(|a| {
                    super::targeting::attackable(
                        self.fight,
                        walker,
                        super::strike::attack_shape(1, a),
                    )
                });
            match attack {
                Some(a) => strikers.push((provoked.remove(k), a)),
                None => k += 1,
            }
        }
        strikers
    }

    /// `enemy` strikes at `walker` as it leaves its reach.
    fn opportunity_attack(
        &mut self,
        enemy: &str,
        walker: &str,
        attack: &crate::board::action::Attack,
    ) {
        if !self.alive(walker) || !self.alive(enemy) {
            return;
        }
        self.emit(Event::OpportunityAttack {
            attacker: enemy.to_string(),
            target: walker.to_string(),
        });
        let shape = super::strike::attack_shape(1, attack);
        super::strike::strike(self, enemy, walker, attack, shape);
    }

    /// Records the enemies whose reach a walker leaves by stepping from `from` to `to`.
    fn note_leaving(&self, side: Side, from: Cell, to: Cell, provoked: &mut Vec<String>) {
        let grid = self.fight.grid();
        let touching =
            |a: Cell, b: Cell| grid.adjacent(a, b) && !self.fight.map.thin_wall_between(a, b);
        for (j, e) in self.fight.board.creatures.iter().enumerate() {
            let threat = e.side != side && !self.fight.has_status(j, StatusKind::Stunned);
            if threat
                && touching(from, e.position)
                && !touching(to, e.position)
                && !provoked.contains(&e.id)
            {
                provoked.push(e.id.clone());
            }
        }
    }

    /// Whether creature `i` flies (traps do not spring) and whether the ground leaves it
    /// alone (flying or floating: no burns, no slides).
    fn above_ground(&self, i: usize) -> (bool, bool) {
        let flying = self.fight.has_trait(i, &Trait::Flying);
        (flying, flying || self.fight.has_trait(i, &Trait::Floating))
    }

    /// Does entering `cell` hurt (trap, fire, hazardous terrain)?
    fn harmful(&self, cell: Cell, flying: bool, unaffected: bool) -> bool {
        let burns = !unaffected
            && (self.fight.map.terrain(cell) == Terrain::Hazardous || self.fight.fire_at(cell));
        burns || (!flying && self.fight.trap_at(cell).is_some())
    }

    fn narrate_move(
        &mut self,
        id: &str,
        from: Cell,
        walked: &[Cell],
        cause: MoveCause,
        provoked: Vec<String>,
    ) {
        if let Some(to) = walked.last() {
            self.emit(Event::Move {
                creature: id.to_string(),
                from: from.name(),
                to: to.name(),
                path: walked.iter().map(|c| c.name()).collect(),
                cause: cause.label().to_string(),
            });
        }
        let slippery = self
            .idx(id)
            .is_some_and(|i| self.fight.has_trait(i, &Trait::Slippery));
        if slippery && !provoked.is_empty() {
            self.emit(Event::Disengage {
                creature: id.to_string(),
            });
            return;
        }
        for enemy in provoked {
            self.emit(Event::Provoke {
                creature: id.to_string(),
                enemy,
            });
        }
    }

    /// A trap, fire or hazardous terrain at `cell` acts on the creature that entered it.
    fn enter_cell_effects(&mut self, id: &str, cell: Cell) {
        if let Some(t) = self.fight.trap_at(cell) {
            let trap = self.fight.board.traps.remove(t);
            self.emit(Event::TrapSprung {
                cell: cell.name(),
                creature: id.to_string(),
            });
            if let Some(d) = trap.damage {
                let r = self.roll(&d);
                self.damage(id, r.total, Harm::new("a trap").rolled(&r));
            }
            for s in trap.statuses {
                self.add_status(id, s, None);
            }
            return;
        }
        let source = if self.fight.fire_at(cell) {
            "fire"
        } else {
            "hazardous terrain"
        };
        let kind = if source == "fire" { Some("fire") } else { None };
        if source != "fire"
            && let Some(n) = self.schemes.hazard_damage(&self.fight.board)
        {
            self.damage(id, n, Harm::new(source));
            return;
        }
        let r = self.roll(&FIRE_DAMAGE);
        self.damage(id, r.total, Harm::new(source).rolled(&r).of_kind(kind));
    }

    /// Sets fire to the cells that can burn, for a few rounds.
    pub fn set_fire(&mut self, cells: &[Cell]) {
        let mut lit = Vec::new();
        for &c in cells {
            if self.fight.map.terrain(c).blocks_movement() {
                continue;
            }
            self.fight.board.fires.retain(|f| f.cell != c);
            self.fight.board.fires.push(Fire {
                cell: c,
                rounds_left: FIRE_ROUNDS,
            });
            lit.push(c);
        }
        self.fight.board.fires.sort_by_key(|f| f.cell);
        if !lit.is_empty() {
            lit.sort();
            self.emit(Event::FireSet {
                cells: lit.iter().map(|c| c.name()).collect(),
                rounds: FIRE_ROUNDS,
            });
        }
    }

    /// Lays traps that were there all along (a revealed room's); the caller tells of them.
    pub fn lay_traps(&mut self, traps: &[Trap]) {
        self.fight.board.traps.extend_from_slice(traps);
        self.fight.board.traps.sort_by_key(|t| t.cell);
    }

    /// Lays a trap on `cell` set by `by` of side `side` (whose monsters walk around it).
    pub fn add_trap(
        &mut self,
        cell: Cell,
        side: Side,
        damage: Option<Dice>,
        statuses: Vec<StatusKind>,
        by: &str,
    ) {
        self.lay_traps(&[Trap {
            cell,
            side,
            damage,
            statuses,
        }]);
        self.emit(Event::TrapSet {
            cell: cell.name(),
            by: by.to_string(),
        });
    }

    /// Moves up to the rolled amount of gold from `from` to `to`.
    pub fn steal(&mut self, from: &str, to: &str, dice: &Dice) {
        let roll = self.roll(dice);
        let (Some(f), Some(t)) = (self.idx(from), self.idx(to)) else {
            return;
        };
        let amount = (roll.total.max(0) as u32).min(self.fight.board.creatures[f].gold);
        self.fight.board.creatures[f].gold -= amount;
        let purse = &mut self.fight.board.creatures[t].gold;
        *purse = purse.saturating_add(amount).min(crate::board::MAX_GOLD);
        self.emit(Event::Gold {
            from: from.to_string(),
            to: to.to_string(),
            amount,
            rolled: (&roll).into(),
        });
    }

    /// Creatures of `types` will arrive next round in the free cells closest to `near`.
    pub fn schedule_arrival(
        &mut self,
        by: &str,
        near: Cell,
        side: Side,
        count: &Dice,
        types: Vec<String>,
    ) {
        let roll = self.roll(count);
        let n = roll.total.max(0) as u32;
        let round = self.fight.board.round + 1;
        self.fight.board.arrivals.push(Arrival {
            round,
            near,
            side,
            count: n,
            types: types.clone(),
            by: by.to_string(),
        });
        self.emit(Event::ArrivalScheduled {
            by: by.to_string(),
            count: n,
            roll: (&roll).into(),
            types,
            round,
            near: near.name(),
        });
    }

    /// Starts `id`'s turn: shields and other start-of-turn statuses end, a creature due to
    /// retreat leaves, and one standing in fire burns. Returns false when the creature is
    /// gone and the turn is over.
    pub fn start_turn(&mut self, id: &str) -> bool {
        self.acting = Some(id.to_string());
        let Some(i) = self.idx(id) else { return false };
        let c = &self.fight.board.creatures[i];
        let (name, kind, cell, hp) = (
            c.display_name().to_string(),
            c.kind.clone(),
            c.position.name(),
            c.hp,
        );
        let max_hp = self.fight.stats[i].max_hp;
        let health = self.schemes.health(self.fight, id);
        self.emit(Event::TurnStart {
            monster: id.to_string(),
            name,
            kind,
            cell,
            hp,
            max_hp,
            health,
        });
        let ending: Vec<StatusKind> = self.fight.board.creatures[i]
            .statuses
            .iter()
            .filter(|s| s.until == Until::StartOfNextTurn)
            .map(|s| s.status)
            .collect();
        for s in ending {
            if s == StatusKind::Retreating {
                self.retreat(id);
                return false;
            }
            self.remove_status(id, s, "its turn began");
        }
        let Some(i) = self.idx(id) else { return false };
        let cell = self.fight.board.creatures[i].position;
        let unaffected =
            self.fight.has_trait(i, &Trait::Flying) || self.fight.has_trait(i, &Trait::Floating);
        if self.fight.fire_at(cell) && !unaffected {
            let r = self.roll(&FIRE_DAMAGE);
            self.damage(
                id,
                r.total,
                Harm::new("fire").rolled(&r).of_kind(Some("fire")),
            );
        }
        self.alive(id)
    }

    /// Ends `id`'s turn: statuses lasting "until the end of its next turn" run out, unless
    /// they were gained during this very turn.
    pub fn end_turn(&mut self, id: &str) {
        self.acting = None;
        let Some(i) = self.idx(id) else { return };
        let mut ended = Vec::new();
        let c = &mut self.fight.board.creatures[i];
        c.statuses.retain_mut(|s| {
            if s.until != Until::EndOfNextTurn {
                return true;
            }
            if s.fresh {
                s.fresh = false;
                return true;
            }
            ended.push(s.status);
            false
        });
        for s in ended {
            self.emit(Event::StatusEnded {
                creature: id.to_string(),
                status: s.label().to_string(),
                reason: "its turn ended".into(),
            });
        }
        self.emit(Event::TurnEnd {
            monster: id.to_string(),
        });
        if let Some(hooks) = self.hooks {
            hooks.turn_ended(self, id);
        }
    }
}

/// The word narration uses for a d20 test's edge.
pub fn edge_label(edge: Edge) -> String {
    match edge {
        Edge::Normal => "normal",
        Edge::Advantage => "advantage",
        Edge::Disadvantage => "disadvantage",
    }
    .to_string()
}

fn until_label(u: Until, character: bool) -> String {
    let (its, it_is) = if character {
        ("their", "they are")
    } else {
        ("its", "it is")
    };
    match u {
        Until::EndOfNextTurn => format!("the end of {its} next turn"),
        Until::StartOfNextTurn => format!("the start of {its} next turn"),
        Until::Healed => format!("{it_is} healed"),
        Until::Removed => "removed".to_string(),
    }
}

#[cfg(test)]
mod tests;
