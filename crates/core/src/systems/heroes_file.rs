//! What every system's heroes file (`simulate --heroes`) shares: its format version, and
//! the `[[hero]]` entries' ids, each a character of the board given once. Each system
//! reads the rest of an entry (its tactic, cards or weapon) in its own folder.

use crate::io::diagnostic::{Diagnostic, Locator, Problems, did_you_mean};
use toml::Spanned;

/// The heroes file's format version.
pub const HEROES_FORMAT: u32 = 1;

/// Refuses a heroes file written in another format than [`HEROES_FORMAT`].
pub fn check_format(locate: &Locator, format: &Spanned<u32>) -> Result<(), Diagnostic> {
    let found = *format.get_ref();
    if found == HEROES_FORMAT {
        return Ok(());
    }
    Err(locate
        .span(
            format.span(),
            format!(
                "this heroes file is format {found}; this version reads format {HEROES_FORMAT}"
            ),
        )
        .with_path("format")
        .with_hint(format!("write `format = {HEROES_FORMAT}`")))
}

/// The id of entry `hi` when it names one of the board's characters (`ids`, called
/// `who`: "character", "survivor") that no earlier entry gave (`given`); otherwise the
/// problem is pushed and `None` returned.
pub fn entry_id(
    locate: &Locator,
    id: &Spanned<String>,
    hi: usize,
    (ids, who): (&[&str], &str),
    given: impl Fn(&str) -> bool,
    problems: &mut Problems,
) -> Option<String> {
    let name = id.get_ref().trim();
    let at = |message: String| {
        locate
            .span(id.span(), message)
            .with_path(format!("hero[{hi}].id"))
    };
    if !ids.contains(&name) {
        let hint = match did_you_mean(name, ids) {
            Some(g) => format!("did you mean `{g}`?"),
            None if ids.is_empty() => format!("the board has no {who}s"),
            None => format!("the board's {who}s are {}", ids.join(", ")),
        };
        problems.push(at(format!("`{name}` is not a {who} on the board")).with_hint(hint));
        return None;
    }
    if given(name) {
        problems.push(
            at(format!("`{name}` is given twice"))
                .with_hint(format!("give each {who} one `[[hero]]` entry")),
        );
        return None;
    }
    Some(name.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "format = 2\n[[hero]]\nid = \"arya\"\n[[hero]]\nid = \"aria\"\n";

    fn spanned<T>(text: &str, needle: &str, value: T) -> Spanned<T> {
        let at = text.find(needle).unwrap();
        Spanned::new(at..at + needle.len(), value)
    }

    #[test]
    fn another_format_is_refused_at_its_value() {
        let locate = Locator::new("heroes.toml", TEXT);
        let d = check_format(&locate, &spanned(TEXT, "2", 2)).unwrap_err();
        assert!(d.message.contains("format 2"), "{}", d.message);
        assert_eq!(d.path.as_deref(), Some("format"));
        assert!(check_format(&locate, &spanned(TEXT, "2", 1)).is_ok());
    }

    #[test]
    fn an_id_must_be_a_character_of_the_board_given_once() {
        let locate = Locator::new("heroes.toml", TEXT);
        let mut problems = Problems::new();
        let ids = (&["aria", "borin"][..], "survivor");
        let typo = spanned(TEXT, "\"arya\"", "arya".to_string());
        assert_eq!(
            entry_id(&locate, &typo, 0, ids, |_| false, &mut problems),
            None
        );
        let aria = spanned(TEXT, "\"aria\"", "aria".to_string());
        assert_eq!(
            entry_id(&locate, &aria, 1, ids, |_| false, &mut problems),
            Some("aria".to_string())
        );
        assert_eq!(
            entry_id(&locate, &aria, 1, ids, |id| id == "aria", &mut problems),
            None
        );
        let all = problems.finish(()).unwrap_err();
        let found: Vec<_> = all
            .iter()
            .map(|d| (d.message.clone(), d.path.clone()))
            .collect();
        assert_eq!(found.len(), 2);
        assert_eq!(found[0].0, "`arya` is not a survivor on the board");
        assert_eq!(found[0].1.as_deref(), Some("hero[0].id"));
        assert_eq!(found[1].0, "`aria` is given twice");
    }
}
