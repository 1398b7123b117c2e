//! The names a scheme's special conditions may use, and their values for one monster at
//! the moment it checks its behaviours.

use crate::board::{Fight, Side};
use crate::condition::{Env, ValueType, Variable};
use crate::rules::deck::TurnCard;
use crate::rules::targeting::hp_lost;

use ValueType::{Flag, Number};

/// Every variable a scheme's conditions may name, with its type and help.
pub(crate) const VOCABULARY: &[Variable] = &[
    Variable {
        name: "self.hp",
        ty: Number,
        help: "the monster's current HP",
    },
    Variable {
        name: "self.max_hp",
        ty: Number,
        help: "the monster's maximum HP",
    },
    Variable {
        name: "self.hp_lost",
        ty: Number,
        help: "max HP minus current HP",
    },
    Variable {
        name: "self.below_half",
        ty: Flag,
        help: "the monster has less than half its max HP",
    },
    Variable {
        name: "self.gold",
        ty: Number,
        help: "gold the monster carries",
    },
    Variable {
        name: "allies.count",
        ty: Number,
        help: "allies on the board, not counting the monster",
    },
    Variable {
        name: "allies.below_half",
        ty: Number,
        help: "allies (not counting the monster) with less than half their max HP",
    },
    Variable {
        name: "allies.died_this_round",
        ty: Number,
        help: "allies that died this round",
    },
    Variable {
        name: "enemies.count",
        ty: Number,
        help: "enemies on the board",
    },
    Variable {
        name: "enemies.adjacent",
        ty: Number,
        help: "enemies next to the monster",
    },
    Variable {
        name: "round",
        ty: Number,
        help: "the round number",
    },
    Variable {
        name: "card.position",
        ty: Number,
        help: "1 when this type's turn card was drawn first, 2 second, ...; 0 when unknown",
    },
    Variable {
        name: "card.from_end",
        ty: Number,
        help: "1 when the card was drawn last, 2 second to last, ...; 0 when unknown",
    },
    Variable {
        name: "card.first",
        ty: Flag,
        help: "the turn card was drawn first",
    },
    Variable {
        name: "card.last_two",
        ty: Flag,
        help: "the turn card was one of the last two drawn",
    },
];

/// Condition values for monster `me`.
pub(crate) struct SchemeEnv<'a> {
    /// The fight as it stands.
    pub fight: &'a Fight,
    /// The monster's index on the board.
    pub me: usize,
    /// Where its turn card was drawn, when it was.
    pub card: Option<TurnCard>,
}

impl SchemeEnv<'_> {
    fn below_half(&self, i: usize) -> bool {
        self.fight.board.creatures[i].hp * 2 < self.fight.stats[i].max_hp
    }

    fn side(&self) -> Side {
        self.fight.board.creatures[self.me].side
    }

    fn allies(&self) -> impl Iterator<Item = usize> + '_ {
        let side = self.side();
        (0..self.fight.board.creatures.len())
            .filter(move |&j| j != self.me && self.fight.board.creatures[j].side == side)
    }
}

impl Env for SchemeEnv<'_> {
    fn number(&self, name: &str) -> i64 {
        let f = self.fight;
        let c = &f.board.creatures[self.me];
        let from_end = self
            .card
            .map_or(0, |d| d.size.saturating_sub(d.position) + 1);
        (match name {
            "self.hp" => c.hp as usize,
            "self.max_hp" => f.stats[self.me].max_hp as usize,
            "self.hp_lost" => hp_lost(f, self.me) as usize,
            "self.gold" => c.gold as usize,
            "allies.count" => self.allies().count(),
            "allies.below_half" => self.allies().filter(|&j| self.below_half(j)).count(),
            "allies.died_this_round" => f
                .board
                .fallen
                .iter()
                .filter(|x| x.round == f.board.round && x.creature.side == c.side)
                .count(),
            "enemies.count" => f
                .board
                .creatures
                .iter()
                .filter(|x| x.side != c.side)
                .count(),
            "enemies.adjacent" => {
                crate::rules::targeting::enemies_adjacent(f, c.side, c.position).len()
            }
            "round" => f.board.round as usize,
            "card.position" => self.card.map_or(0, |d| d.position as usize),
            "card.from_end" => from_end as usize,
            _ => 0,
        }) as i64
    }

    fn flag(&self, name: &str) -> bool {
        match name {
            "self.below_half" => self.below_half(self.me),
            "card.first" => self.card.is_some_and(|d| d.position == 1),
            "card.last_two" => self.card.is_some_and(|d| d.position + 1 >= d.size),
            _ => false,
        }
    }
}
