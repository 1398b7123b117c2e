//! Where a number that a balance sweep (`simulate --vary`, SPEC §15) varies is written in
//! a file's text, and that text with another number written there. Only the number's
//! characters change (or, for a key the file leaves out, one key is added), so the file
//! is read again by its own loader, with every check it makes and every other byte as the
//! user wrote it.

use super::diagnostic::{Diagnostic, did_you_mean};
use super::json_locate::{Step, find, parse_path};
use std::ops::Range;

/// The places in a file's text where one varied number is written (a number may stand in
/// several places, e.g. on each of a character's cards).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Knob {
    /// Each place, in text order, never overlapping.
    pub places: Vec<Place>,
}

/// One place a number is written: the bytes it replaces and how it is written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    /// The bytes written over (empty: the text is inserted there).
    pub span: Range<usize>,
    /// The text written: `{}` stands for the value, `{+}` for the value with its sign
    /// (`+3`, `-1`).
    pub form: String,
}

impl Knob {
    /// A number written once, as a plain number over `span`.
    pub fn at(span: Range<usize>) -> Knob {
        Knob::signed(span, false)
    }

    /// A number written once over `span`, with its sign when `signed` (an attack bonus).
    pub fn signed(span: Range<usize>, signed: bool) -> Knob {
        let form = if signed { "{+}" } else { "{}" };
        Knob {
            places: vec![Place {
                span,
                form: form.to_string(),
            }],
        }
    }

    /// The number the text holds at the first place now, when it is written there.
    pub fn now(&self, text: &str) -> Option<i64> {
        let p = self.places.first()?;
        let written = text.get(p.span.clone())?.trim();
        written.strip_prefix('+').unwrap_or(written).parse().ok()
    }

    /// `text` with `value` written at every place.
    pub fn apply(&self, text: &str, value: i64) -> String {
        write(text, &[(self, value)])
    }
}

/// The number at field path `path` (`systems.ability-deck.level`, `creatures[2].speed`)
/// of JSON `text`: written over where it is, else added as a key of the deepest object
/// of the path that is there (`"level": N` inside `systems.ability-deck`, or
/// `"ability-deck": {"level": N}` inside `systems`, ...; the steps added must be keys).
/// `None` when the text holds no such place.
pub fn json_number(text: &str, path: &str) -> Option<Knob> {
    let steps = parse_path(path)?;
    if steps.is_empty() {
        return None;
    }
    if let Some(found) = find(text, path) {
        return Some(Knob::at(found.value));
    }
    // The deepest object of the path that is there, and the keys it lacks.
    for have in (0..steps.len()).rev() {
        let missing: Option<Vec<&str>> = steps[have..]
            .iter()
            .map(|s| match s {
                Step::Key(k) => Some(k.as_str()),
                Step::Index(_) => None,
            })
            .collect();
        let missing = missing?;
        let object = if have == 0 {
            let start = text.len() - text.trim_start().len();
            start..text.len()
        } else {
            let Some(found) = find(text, &path_of(&steps[..have])) else {
                continue;
            };
            found.value
        };
        if !text[object.clone()].starts_with('{') {
            return None;
        }
        let inside = object.start + 1;
        let empty = text[inside..].trim_start().starts_with('}');
        let mut form = String::new();
        for (i, k) in missing.iter().enumerate() {
            if i > 0 {
                form.push('{');
            }
            form.push_str(&serde_json::to_string(k).ok()?);
            form.push_str(": ");
        }
        form.push_str("{}");
        form.push_str(&"}".repeat(missing.len() - 1));
        if !empty {
            form.push_str(", ");
        }
        return Some(Knob {
            places: vec![Place {
                span: inside..inside,
                form,
            }],
        });
    }
    None
}

/// The number at field path `path` of JSON `text`, when the text gives it.
pub fn json_existing(text: &str, path: &str) -> Option<Knob> {
    find(text, path).map(|found| Knob::at(found.value))
}

/// Steps written back as a path (`a.b[2]`).
fn path_of(steps: &[Step]) -> String {
    let mut out = String::new();
    for s in steps {
        match s {
            Step::Key(k) => {
                if !out.is_empty() {
                    out.push('.');
                }
                let plain = !k.is_empty()
                    && k.chars()
                        .all(|c| c.is_alphanumeric() || c == '_' || c == '-');
                if plain {
                    out.push_str(k);
                } else {
                    out.push_str(&serde_json::to_string(k).unwrap_or_default());
                }
            }
            Step::Index(i) => out.push_str(&format!("[{i}]")),
        }
    }
    out
}

/// `text` with each knob's value written at its places (the knobs' places never overlap;
/// two texts added at one place go in the order given).
pub fn write(text: &str, edits: &[(&Knob, i64)]) -> String {
    let mut places: Vec<(&Place, i64, usize)> = edits
        .iter()
        .enumerate()
        .flat_map(|(n, (k, v))| k.places.iter().map(move |p| (p, *v, n)))
        .collect();
    places.sort_by_key(|(p, _, n)| (p.span.start, p.span.end, *n));
    let mut out = String::with_capacity(text.len() + 16 * places.len());
    let mut from = 0;
    for (p, value, _) in places {
        out.push_str(&text[from..p.span.start.max(from)]);
        out.push_str(
            &p.form
                .replace("{+}", &format!("{value:+}"))
                .replace("{}", &value.to_string()),
        );
        from = from.max(p.span.end);
    }
    out.push_str(&text[from..]);
    out
}

/// `what` has no number `stat` that a sweep can vary; `known` are those it has.
pub fn unknown(what: &str, stat: &str, known: &[&str]) -> Diagnostic {
    let hint = match (did_you_mean(stat, known), known.is_empty()) {
        (Some(g), _) => format!("did you mean `{g}`? {what} has: {}", known.join(", ")),
        (None, true) => "a sweep varies the monster file's stats, the characters' and the board's numbers (docs/simulate.md, \"Balance sweeps\")".to_string(),
        (None, false) => format!("{what} has: {}", known.join(", ")),
    };
    Diagnostic::plain(format!("{what} has no number `{stat}` to vary")).with_hint(hint)
}

/// The entry named `kind` among a monster file's `entries` (`name`: an entry's name as
/// written), when `stat` is one of the numbers `known` an entry has; else why not.
pub fn entry<'a, T>(
    entries: &'a [T],
    name: impl Fn(&T) -> &str,
    kind: &str,
    stat: &str,
    known: &[&str],
) -> Result<&'a T, Diagnostic> {
    if !known.contains(&stat) {
        return Err(unknown(kind, stat, known));
    }
    entries
        .iter()
        .find(|e| name(e).trim() == kind)
        .ok_or_else(|| unknown(kind, stat, known))
}

/// The one of `names` that `name` means: the same, or the same but for case, spaces,
/// hyphens and underscores (`goblin-warrior` is `Goblin Warrior`) when only one fits.
pub fn same_name<'a>(name: &str, names: &[&'a str]) -> Option<&'a str> {
    if let Some(exact) = names.iter().find(|n| **n == name) {
        return Some(exact);
    }
    let fold = |s: &str| -> String {
        s.chars()
            .map(|c| match c {
                ' ' | '_' => '-',
                c => c.to_ascii_lowercase(),
            })
            .collect()
    };
    let wanted = fold(name);
    let mut fits = names.iter().filter(|n| fold(n) == wanted);
    match (fits.next(), fits.next()) {
        (Some(one), None) => Some(one),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_number_is_written_over_in_place() {
        let text = "hp = 22\ndefence = 13\n";
        let k = Knob::at(5..7);
        assert_eq!(k.now(text), Some(22));
        assert_eq!(k.apply(text, 30), "hp = 30\ndefence = 13\n");
        assert_eq!(k.apply(text, 0), "hp = 0\ndefence = 13\n");
        let attack = "attack = \"melee attack +6 1d10+3\"";
        let k = Knob::signed(23..25, true);
        assert_eq!(k.now(attack), Some(6));
        assert_eq!(k.apply(attack, -1), "attack = \"melee attack -1 1d10+3\"");
        assert_eq!(k.apply(attack, 9), "attack = \"melee attack +9 1d10+3\"");
    }

    #[test]
    fn several_places_take_the_same_value() {
        let text = "[\"attack 4\", \"attack 3 pierce 2\"]";
        let k = Knob {
            places: vec![
                Place {
                    span: 9..10,
                    form: "{}".into(),
                },
                Place {
                    span: 21..22,
                    form: "{}".into(),
                },
            ],
        };
        assert_eq!(k.apply(text, 5), "[\"attack 5\", \"attack 5 pierce 2\"]");
    }

    #[test]
    fn a_json_number_is_written_over_or_added() {
        let there = r#"{"systems": {"ability-deck": {"level": 1, "variant": "x"}}}"#;
        let k = json_number(there, "systems.ability-deck.level").unwrap();
        assert_eq!(k.now(there), Some(1));
        assert_eq!(
            k.apply(there, 3),
            r#"{"systems": {"ability-deck": {"level": 3, "variant": "x"}}}"#
        );
        let no_level = r#"{"systems": {"ability-deck": {"variant": "x"}}}"#;
        let k = json_number(no_level, "systems.ability-deck.level").unwrap();
        assert_eq!(k.now(no_level), None);
        assert_eq!(
            k.apply(no_level, 2),
            r#"{"systems": {"ability-deck": {"level": 2, "variant": "x"}}}"#
        );
        let empty = r#"{"systems": {"ability-deck": {}}}"#;
        let k = json_number(empty, "systems.ability-deck.level").unwrap();
        assert_eq!(
            k.apply(empty, 2),
            r#"{"systems": {"ability-deck": {"level": 2}}}"#
        );
        let no_systems = "{\n  \"format\": 2\n}";
        let k = json_number(no_systems, "systems.ability-deck.level").unwrap();
        let written = k.apply(no_systems, 4);
        assert_eq!(
            written,
            "{\"systems\": {\"ability-deck\": {\"level\": 4}}, \n  \"format\": 2\n}"
        );
        let value: serde_json::Value = serde_json::from_str(&written).unwrap();
        assert_eq!(value["systems"]["ability-deck"]["level"], 4);
        assert_eq!(json_number("[1]", "level"), None);
        assert_eq!(json_number("{}", "a[0]"), None);
        let creatures = r#"{"creatures": [{"id": "a"}, {"id": "b", "speed": 4}]}"#;
        let speed = json_number(creatures, "creatures[1].speed").unwrap();
        let added = json_number(creatures, "creatures[0].speed").unwrap();
        assert_eq!(
            write(creatures, &[(&speed, 7), (&added, 5)]),
            r#"{"creatures": [{"speed": 5, "id": "a"}, {"id": "b", "speed": 7}]}"#
        );
    }

    #[test]
    fn names_match_across_case_and_spacing() {
        let names = ["Goblin Warrior", "Warg", "warg-rider"];
        assert_eq!(same_name("goblin-warrior", &names), Some("Goblin Warrior"));
        assert_eq!(same_name("WARG", &names), Some("Warg"));
        assert_eq!(same_name("warg_rider", &names), Some("warg-rider"));
        assert_eq!(same_name("orc", &names), None);
        assert_eq!(same_name("a b", &["A-B", "a_b"]), None);
    }

    #[test]
    fn an_unknown_stat_names_the_known_ones() {
        let d = unknown("Warg", "hpp", &["hp", "defence"]);
        assert_eq!(d.message, "Warg has no number `hpp` to vary");
        assert_eq!(
            d.hint.as_deref(),
            Some("did you mean `hp`? Warg has: hp, defence")
        );
    }
}
