//! The small text language of scheme actions: one line such as `move`,
//! `melee attack +4 1d6+2`, `immobilize save STR 12` or
//! `roll 1d4: 1 nothing; 2-3 heal self 2; 4 disarm save STR 12`. Every word is checked and
//! errors point at the offending word.

use crate::board::action::{Action, Attack, Effect, HealTarget, Reach, Rider, Save};
use crate::board::{Ability, StatusKind};
use crate::chance::dice::Dice;

/// A parsed line: an action of its own, or an effect (which attaches to the attack before
/// it, or applies to the current targets).
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Line {
    /// A line that does something of its own (move, attack, heal, …).
    Action(Action),
    /// An effect line, riding on the attack before it or on the current targets.
    Effect(Rider),
}

/// A problem at a byte range of the line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct TextError {
    /// Byte offset where the problem starts in the line.
    pub start: usize,
    /// Byte offset where it ends.
    pub end: usize,
    /// What is wrong.
    pub message: String,
    /// What to write instead.
    pub hint: String,
}

/// The line forms, for hints.
pub(crate) const FORMS: &str = "move [+N], [melee|ranged] [magic] [aoe] attack +N DICE [min N] [target N] [radius N] [range N], \
heal self DICE, heal adjacent ally DICE, ranged heal DICE [range N], target adjacent enemies, EFFECT [save ABILITY DC [else EFFECT]], \
steal DICE gold, retreat, retreat next turn, summon DICE TYPE[, TYPE...], trap [DICE] [STATUS...], \
roll DICE: N EFFECT; N-M EFFECT; ...";

const EFFECT_FORMS: &str = "daze, disarm, immobilize, stun, terrify, wither N, push N, pull N, shield N, set fire, heal self DICE, nothing";

#[derive(Clone, Copy, Debug)]
struct Word<'a> {
    text: &'a str,
    start: usize,
}

impl Word<'_> {
    fn end(&self) -> usize {
        self.start + self.text.len()
    }
    fn is(&self, w: &str) -> bool {
        self.text.eq_ignore_ascii_case(w)
    }
}

struct Cursor<'a> {
    words: Vec<Word<'a>>,
    pos: usize,
    line_end: usize,
}

impl<'a> Cursor<'a> {
    fn new(text: &'a str, base: usize) -> Cursor<'a> {
        let mut words = Vec::new();
        let mut start = None;
        for (i, ch) in text.char_indices() {
            match (ch.is_whitespace(), start) {
                (true, Some(s)) => {
                    words.push(Word {
                        text: &text[s..i],
                        start: base + s,
                    });
                    start = None;
                }
                (false, None) => start = Some(i),
                _ => {}
            }
        }
        if let Some(s) = start {
            words.push(Word {
                text: &text[s..],
                start: base + s,
            });
        }
        Cursor {
            words,
            pos: 0,
            line_end: base + text.len(),
        }
    }

    fn peek(&self) -> Option<Word<'a>> {
        self.words.get(self.pos).copied()
    }

    fn next(&mut self) -> Option<Word<'a>> {
        let w = self.peek();
        self.pos += 1;
        w
    }

    fn eat(&mut self, w: &str) -> bool {
        if self.peek().is_some_and(|x| x.is(w)) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn err(
        &self,
        at: Option<Word>,
        message: impl Into<String>,
        hint: impl Into<String>,
    ) -> TextError {
        let (start, end) = at.map_or((self.line_end, self.line_end), |w| (w.start, w.end()));
        TextError {
            start,
            end,
            message: message.into(),
            hint: hint.into(),
        }
    }

    fn expect(&mut self, w: &str, hint: &str) -> Result<(), TextError> {
        let got = self.next();
        match got {
            Some(x) if x.is(w) => Ok(()),
            Some(x) => Err(self.err(Some(x), format!("expected `{w}`, found `{}`", x.text), hint)),
            None => Err(self.err(None, format!("expected `{w}` at the end"), hint)),
        }
    }

    fn number(&mut self, what: &str) -> Result<u32, TextError> {
        let w = self.next();
        match w.map(|w| w.text.parse::<u32>()) {
            Some(Ok(n)) if n <= 1000 => Ok(n),
            Some(_) => Err(self.err(
                w,
                format!(
                    "`{}` is not a number from 0 to 1000",
                    w.map_or("", |w| w.text)
                ),
                format!("write the {what} as a plain number"),
            )),
            None => Err(self.err(
                None,
                format!("missing the {what}"),
                format!("add the {what} as a number"),
            )),
        }
    }

    fn signed(&mut self) -> Option<Result<i32, TextError>> {
        let w = self.peek()?;
        if !(w.text.starts_with('+') || w.text.starts_with('-')) || w.text.contains(['d', 'D']) {
            return None;
        }
        self.pos += 1;
        Some(
            w.text
                .parse::<i32>()
                .ok()
                .filter(|n| n.abs() <= 1000)
                .ok_or_else(|| {
                    self.err(
                        Some(w),
                        format!("`{}` is not a bonus", w.text),
                        "write a bonus like `+4` or `-1`",
                    )
                }),
        )
    }

    fn dice(&mut self, what: &str) -> Result<Dice, TextError> {
        let w = self.next();
        let Some(word) = w else {
            return Err(self.err(
                None,
                format!("missing the {what} dice"),
                "write dice like `1d6+2`",
            ));
        };
        Dice::parse(word.text).map_err(|e| {
            self.err(
                w,
                format!("bad dice `{}`: {e}", word.text),
                "write dice like `1d6`, `2d8+1` or `3`",
            )
        })
    }

    fn done(&self) -> bool {
        self.pos >= self.words.len()
    }

    fn finish<T>(&self, value: T) -> Result<T, TextError> {
        match self.peek() {
            None => Ok(value),
            Some(w) => Err(self.err(
                Some(w),
                format!("unexpected `{}`", w.text),
                "remove it, or see the list of action forms in docs/schemes.md",
            )),
        }
    }
}

/// Parses one action line.
pub(crate) fn parse_line(text: &str) -> Result<Line, TextError> {
    if text.len() > 1000 {
        return Err(TextError {
            start: 0,
            end: 0,
            message: "this action line is too long".into(),
            hint: "keep each action under 1000 characters".into(),
        });
    }
    let mut c = Cursor::new(text, 0);
    let Some(first) = c.peek() else {
        return Err(c.err(None, "empty action", FORMS));
    };
    let lower = first.text.to_ascii_lowercase();
    match lower.as_str() {
        "move" => {
            c.next();
            let bonus = c.signed().transpose()?.unwrap_or(0);
            c.finish(Line::Action(Action::Move { bonus }))
        }
        "melee" | "ranged" | "magic" | "aoe" | "attack"
            if !(lower == "ranged" && c.words.get(1).is_some_and(|w| w.is("heal"))) =>
        {
            attack(&mut c)
        }
        "ranged" | "heal" => heal(&mut c),
        "target" => {
            c.next();
            c.eat("all");
            c.expect("adjacent", "write `target adjacent enemies`")?;
            c.expect("enemies", "write `target adjacent enemies`")?;
            c.finish(Line::Action(Action::TargetAdjacentEnemies))
        }
        "steal" => {
            c.next();
            let d = c.dice("gold")?;
            c.eat("gold");
            c.finish(Line::Action(Action::Steal(d)))
        }
        "retreat" => {
            c.next();
            if c.done() {
                return Ok(Line::Action(Action::Retreat));
            }
            c.eat("at");
            c.eat("start");
            c.eat("of");
            c.expect("next", "write `retreat` or `retreat next turn`")?;
            c.expect("turn", "write `retreat` or `retreat next turn`")?;
            c.finish(Line::Action(Action::RetreatNextTurn))
        }
        "summon" => {
            c.next();
            let count = c.dice("number of creatures")?;
            c.eat("of");
            let Some(w) = c.peek() else {
                return Err(c.err(
                    None,
                    "summon needs the monster types",
                    "write e.g. `summon 1d4 Goblin Warrior, Goblin Archer`",
                ));
            };
            let rest = &text[w.start..];
            let types: Vec<String> = rest.split(',').map(|t| t.trim().to_string()).collect();
            if types.iter().any(|t| t.is_empty()) {
                return Err(c.err(
                    Some(w),
                    "empty monster type in the summon list",
                    "separate type names with commas",
                ));
            }
            Ok(Line::Action(Action::Summon { count, types }))
        }
        "trap" => {
            c.next();
            let damage = match c.peek() {
                Some(w)
                    if w.text
                        .chars()
                        .next()
                        .is_some_and(|ch| ch.is_ascii_digit() || ch == 'd') =>
                {
                    Some(c.dice("trap damage")?)
                }
                _ => None,
            };
            let mut statuses = Vec::new();
            while let Some(w) = c.next() {
                statuses.push(status_word(w.text).ok_or_else(|| {
                    c.err(
                        Some(w),
                        format!("`{}` is not a status a trap can give", w.text),
                        "use daze, disarm, immobilize or stun",
                    )
                })?);
            }
            Ok(Line::Action(Action::Trap { damage, statuses }))
        }
        "roll" => table(text),
        _ => {
            let rider = rider(&mut c)?;
            c.finish(Line::Effect(rider))
        }
    }
}

fn attack(c: &mut Cursor) -> Result<Line, TextError> {
    let mut reach = Reach::Melee;
    let mut magic = false;
    let mut aoe = false;
    loop {
        let Some(w) = c.next() else {
            return Err(c.err(
                None,
                "expected `attack`",
                "write e.g. `melee attack +4 1d6`",
            ));
        };
        match w.text.to_ascii_lowercase().as_str() {
            "melee" => reach = Reach::Melee,
            "ranged" => reach = Reach::Ranged,
            "magic" => magic = true,
            "aoe" => aoe = true,
            "attack" => break,
            _ => {
                return Err(c.err(
                    Some(w),
                    format!("expected `attack`, found `{}`", w.text),
                    "write e.g. `ranged magic attack +3 1d10`",
                ));
            }
        }
    }
    let bonus = match c.signed().transpose()? {
        Some(b) => b,
        None if aoe => 0,
        None => {
            return Err(c.err(
                c.peek(),
                "the attack needs a bonus to hit",
                "write the bonus after `attack`, e.g. `attack +4 1d6`",
            ));
        }
    };
    let damage = match c.peek() {
        Some(w)
            if w.text
                .chars()
                .next()
                .is_some_and(|ch| ch.is_ascii_digit() || ch == 'd' || ch == 'D') =>
        {
            Some(c.dice("damage")?)
        }
        _ => None,
    };
    let mut a = Attack {
        reach,
        magic,
        bonus,
        damage,
        min_damage: None,
        targets: 1,
        area: None,
        damage_save: None,
        range: None,
        riders: Vec::new(),
    };
    while let Some(w) = c.next() {
        match w.text.to_ascii_lowercase().as_str() {
            "min" | "minimum" => a.min_damage = Some(c.number("minimum damage")? as i32),
            "target" | "targets" => {
                a.targets = c.number("number of targets")?;
                if a.targets == 0 {
                    return Err(c.err(
                        Some(w),
                        "an attack needs at least one target",
                        "write `target 2` or more, or leave it out",
                    ));
                }
            }
            "radius" => a.area = Some(c.number("radius")?),
            "range" => a.range = Some(c.number("range")?),
            "save" if aoe => {
                let (ability, dc) = save_of(c)?;
                a.damage_save = Some((ability, dc));
                c.expect(
                    "half",
                    "an area's save against damage is written `save DEX 13 half`",
                )?;
            }
            _ => {
                return Err(c.err(
                    Some(w),
                    format!("unexpected `{}` in an attack", w.text),
                    "attack options are `min N`, `target N`, `radius N`, `range N`, and for an area `save ABILITY DC half`",
                ));
            }
        }
    }
    if aoe && a.area.is_none() {
        a.area = Some(1);
    }
    if !aoe && a.area.is_some() {
        return Err(c.err(
            None,
            "`radius` needs an area attack",
            "write `aoe attack ... radius N`",
        ));
    }
    Ok(Line::Action(Action::Attack(a)))
}

fn heal(c: &mut Cursor) -> Result<Line, TextError> {
    let ranged = c.eat("ranged");
    c.expect(
        "heal",
        "write `heal self DICE`, `heal adjacent ally DICE` or `ranged heal DICE`",
    )?;
    let target = if ranged {
        HealTarget::Ranged
    } else if c.eat("adjacent") {
        c.expect("ally", "write `heal adjacent ally DICE`")?;
        HealTarget::Adjacent
    } else {
        c.expect(
            "self",
            "write `heal self DICE` (or `heal adjacent ally DICE`, `ranged heal DICE` for allies)",
        )?;
        HealTarget::SelfOnly
    };
    let amount = c.dice("heal")?;
    let mut range = None;
    if c.eat("range") {
        range = Some(c.number("range")?);
    }
    c.finish(Line::Action(Action::Heal {
        target,
        amount,
        range,
    }))
}

fn status_word(w: &str) -> Option<StatusKind> {
    Some(match w.to_ascii_lowercase().as_str() {
        "daze" | "dazed" => StatusKind::Dazed,
        "disarm" | "disarmed" => StatusKind::Disarmed,
        "immobilize" | "immobilise" | "immobilized" => StatusKind::Immobilized,
        "stun" | "stunned" => StatusKind::Stunned,
        "terrify" | "terrified" => StatusKind::Terrified,
        _ => return None,
    })
}

fn effect(c: &mut Cursor) -> Result<Effect, TextError> {
    let Some(w) = c.next() else {
        return Err(c.err(None, "missing an effect", EFFECT_FORMS));
    };
    if let Some(s) = status_word(w.text) {
        return Ok(Effect::Status(s));
    }
    Ok(match w.text.to_ascii_lowercase().as_str() {
        "wither" => Effect::Wither(c.number("wither amount")?),
        "push" => Effect::Push(c.number("push distance")?),
        "pull" => Effect::Pull(c.number("pull distance")?),
        "shield" => Effect::Shield(c.number("shield amount")?),
        "nothing" => Effect::Nothing,
        "set" => {
            c.expect("fire", "write `set fire`")?;
            Effect::SetFire
        }
        "heal" => {
            c.expect("self", "write `heal self DICE`")?;
            Effect::HealSelf(c.dice("heal")?)
        }
        _ => {
            let known = [
                "move",
                "attack",
                "heal",
                "target",
                "steal",
                "retreat",
                "summon",
                "trap",
                "roll",
                "daze",
                "disarm",
                "immobilize",
                "stun",
                "terrify",
                "wither",
                "push",
                "pull",
                "shield",
                "set",
                "nothing",
            ];
            let hint =
                match crate::io::diagnostic::did_you_mean(&w.text.to_ascii_lowercase(), &known) {
                    Some(g) => format!("did you mean `{g}`? actions: {FORMS}"),
                    None => format!("actions: {FORMS}"),
                };
            return Err(c.err(Some(w), format!("unknown action `{}`", w.text), hint));
        }
    })
}

/// `ABILITY DC` after `save`.
fn save_of(c: &mut Cursor) -> Result<(Ability, i32), TextError> {
    let w = c.next();
    let ability = w.and_then(|w| Ability::parse(w.text)).ok_or_else(|| {
        c.err(
            w,
            "expected an ability after `save`",
            "use STR, DEX, CON, INT, WIS or CHA, e.g. `save STR 12`",
        )
    })?;
    Ok((ability, c.number("save DC")? as i32))
}

fn rider(c: &mut Cursor) -> Result<Rider, TextError> {
    let eff = effect(c)?;
    let mut save = None;
    if c.eat("save") {
        let (ability, dc) = save_of(c)?;
        let on_success = if c.eat("else") {
            Some(Box::new(effect(c)?))
        } else {
            None
        };
        save = Some(Save {
            ability,
            dc,
            on_success,
        });
    }
    Ok(Rider { effect: eff, save })
}

/// `roll DICE: R EFFECT; R EFFECT; ...` where R is `N` or `N-M`.
fn table(text: &str) -> Result<Line, TextError> {
    let Some(colon) = text.find(':') else {
        let end = text.len();
        return Err(TextError {
            start: 0,
            end,
            message: "a roll table needs `:` after the dice".into(),
            hint: "write e.g. `roll 1d4: 1 nothing; 2-4 daze`".into(),
        });
    };
    let mut head = Cursor::new(&text[..colon], 0);
    head.expect("roll", "write `roll DICE: ...`")?;
    let dice = head.dice("table")?;
    head.eat("for");
    head.eat("effect");
    head.finish(())?;
    let mut entries = Vec::new();
    let mut base = colon + 1;
    for part in text[colon + 1..].split(';') {
        let mut c = Cursor::new(part, base);
        base += part.len() + 1;
        let Some(w) = c.next() else {
            return Err(c.err(
                None,
                "empty table entry",
                "write entries like `2-3 heal self 2`, separated by `;`",
            ));
        };
        let (lo, hi) = match w.text.split_once('-') {
            Some((a, b)) => (a.parse::<u32>(), b.parse::<u32>()),
            None => (w.text.parse::<u32>(), w.text.parse::<u32>()),
        };
        let (Ok(lo), Ok(hi)) = (lo, hi) else {
            return Err(c.err(
                Some(w),
                format!("`{}` is not a roll or range of rolls", w.text),
                "start each entry with `N` or `N-M`",
            ));
        };
        if lo > hi
            || i64::from(hi) > i64::from(dice.max().max(0))
            || i64::from(lo) < i64::from(dice.min())
        {
            return Err(c.err(
                Some(w),
                format!("`{}` is outside what {dice} can roll", w.text),
                format!("{dice} rolls {} to {}", dice.min(), dice.max()),
            ));
        }
        let r = rider(&mut c)?;
        c.finish(())?;
        entries.push((lo, hi, vec![r]));
    }
    Ok(Line::Effect(Rider {
        effect: Effect::Table(dice, entries),
        save: None,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn action(text: &str) -> Action {
        match parse_line(text).unwrap() {
            Line::Action(a) => a,
            other => panic!("{text}: {other:?}"),
        }
    }

    #[test]
    fn attacks_read_like_the_printed_schemes() {
        let Action::Attack(a) = action("melee attack +4 1d6+2") else {
            panic!()
        };
        assert_eq!(
            (a.reach, a.bonus, a.damage.unwrap().to_string()),
            (Reach::Melee, 4, "1d6+2".into())
        );
        let Action::Attack(a) = action("ranged attack +4 1d6-1 min 1") else {
            panic!()
        };
        assert_eq!((a.reach, a.min_damage), (Reach::Ranged, Some(1)));
        let Action::Attack(a) = action("Ranged Magic Attack +3 1d10") else {
            panic!()
        };
        assert!(a.magic);
        let Action::Attack(a) = action("melee attack +3 1d6 target 2") else {
            panic!()
        };
        assert_eq!(a.targets, 2);
        let Action::Attack(a) = action("ranged aoe attack range 6 radius 1") else {
            panic!()
        };
        assert_eq!((a.area, a.range, a.damage), (Some(1), Some(6), None));
    }

    #[test]
    fn effects_with_saves() {
        let Line::Effect(r) = parse_line("pull 4 save STR 13 else pull 2").unwrap() else {
            panic!()
        };
        assert_eq!(r.effect, Effect::Pull(4));
        let s = r.save.unwrap();
        assert_eq!(
            (s.ability, s.dc, s.on_success.map(|e| *e)),
            (Ability::Str, 13, Some(Effect::Pull(2)))
        );
    }

    #[test]
    fn tables() {
        let Line::Effect(r) =
            parse_line("roll 1d4: 1 nothing; 2-3 heal self 2; 4 disarm save STR 12").unwrap()
        else {
            panic!()
        };
        let Effect::Table(d, entries) = r.effect else {
            panic!()
        };
        assert_eq!(d.to_string(), "1d4");
        assert_eq!(entries.len(), 3);
        assert_eq!((entries[1].0, entries[1].1), (2, 3));
    }

    #[test]
    fn errors_point_at_the_word() {
        let e = parse_line("melee attack +4 1x6").unwrap_err();
        assert_eq!((e.start, e.end), (16, 19));
        let e = parse_line("immobilise save FOO 12").unwrap_err();
        assert_eq!(&"immobilise save FOO 12"[e.start..e.end], "FOO");
        let e = parse_line("pusj 1").unwrap_err();
        assert!(e.hint.contains("did you mean `push`"), "{}", e.hint);
        let e = parse_line("roll 1d4: 5 daze").unwrap_err();
        assert!(e.message.contains("outside"));
        let e = parse_line("melee attack 1d6").unwrap_err();
        assert!(e.message.contains("bonus"));
    }

    #[test]
    fn other_actions() {
        assert_eq!(action("move"), Action::Move { bonus: 0 });
        assert_eq!(action("move +2"), Action::Move { bonus: 2 });
        assert_eq!(action("retreat next turn"), Action::RetreatNextTurn);
        assert_eq!(
            action("target all adjacent enemies"),
            Action::TargetAdjacentEnemies
        );
        assert!(
            matches!(action("summon 1d4 Goblin Warrior, Goblin Archer"), Action::Summon { ref types, .. } if types.len() == 2)
        );
        assert!(
            matches!(action("trap 1d6 immobilize"), Action::Trap { ref statuses, .. } if statuses == &[StatusKind::Immobilized])
        );
        assert!(matches!(action("steal 3d6 gold"), Action::Steal(_)));
        assert!(matches!(
            action("heal self 1d8+1"),
            Action::Heal {
                target: HealTarget::SelfOnly,
                ..
            }
        ));
        assert!(matches!(
            action("ranged heal 1d8"),
            Action::Heal {
                target: HealTarget::Ranged,
                ..
            }
        ));
        let Action::Attack(a) = action("ranged aoe attack 2d6 radius 1 save DEX 13 half") else {
            panic!("an area attack");
        };
        assert_eq!(a.damage_save, Some((Ability::Dex, 13)));
        assert!(
            parse_line("ranged aoe attack 2d6 save DEX 13")
                .unwrap_err()
                .message
                .contains("half")
        );
        assert!(matches!(
            action("heal adjacent ally 1d4+1"),
            Action::Heal {
                target: HealTarget::Adjacent,
                ..
            }
        ));
    }
}
