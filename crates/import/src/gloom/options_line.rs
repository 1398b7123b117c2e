//! The `options` command that asks our solver what gloom's active figure does: its move,
//! range (or melee), targets, area, jump/flying/teleport, muddle and the rule variant.

use super::layout::area_picture;
use super::scenario::{Mobility, Scenario};
use crate::Dropped;

/// Most targets `options` takes; gloom's "all" becomes the number of enemies, up to this.
const MAX_TARGETS: usize = 20;

/// The command's words after `monster-ai`, for the active figure `id` on `board`.
pub(crate) fn options_argv(
    scenario: &Scenario,
    board: &str,
    id: &str,
    enemies: usize,
    dropped: &mut Vec<Dropped>,
    link_name: &str,
) -> Vec<String> {
    let mut argv: Vec<String> = vec!["options".into(), board.into(), id.into()];
    let mut flag = |words: &[&str]| argv.extend(words.iter().map(|w| w.to_string()));
    if scenario.move_points > 0 {
        flag(&["--move", &scenario.move_points.to_string()]);
    }
    if scenario.target == 0 {
        flag(&["--no-attack"]);
        if !scenario.aoe.is_empty() {
            dropped.push(Dropped::new(
                link_name,
                "action",
                "the area is left out: the action has no attack (target \"no attack\")",
            ));
        }
    } else {
        if scenario.range == 0 {
            flag(&["--melee"]);
        } else {
            flag(&["--range", &scenario.range.to_string()]);
        }
        let targets = if scenario.target == 6 {
            if enemies > MAX_TARGETS {
                dropped.push(Dropped::new(
                    link_name,
                    "action",
                    format!("target \"all\" with {enemies} enemies is asked as target {MAX_TARGETS}, the most `options` takes"),
                ));
            }
            enemies.clamp(1, MAX_TARGETS)
        } else {
            scenario.target as usize
        };
        if targets > 1 {
            flag(&["--targets", &targets.to_string()]);
        }
        if let Some(picture) = area_picture(&scenario.aoe, scenario.range == 0) {
            flag(&["--aoe", &picture]);
        }
    }
    // `options` takes a flyer that teleports (it lands on traps and hazards unharmed, and
    // may end on an obstacle), but not a jump that is also a teleport.
    match scenario.mobility {
        Mobility::Fly => flag(&["--flying"]),
        Mobility::Jump if scenario.teleport => dropped.push(Dropped::new(
            link_name,
            "action",
            "the move teleports and jumps; `options` takes one of the two, so it is asked as a teleport",
        )),
        Mobility::Jump => flag(&["--jump"]),
        Mobility::Walk => {}
    }
    if scenario.teleport {
        flag(&["--teleport"]);
    }
    if scenario.muddled {
        flag(&["--muddled"]);
    }
    flag(&["--variant", scenario.rules.variant()]);
    argv
}

/// The words as one shell line (`monster-ai …`), quoted where a shell needs it.
pub fn shell_line(argv: &[String]) -> String {
    let mut line = String::from("monster-ai");
    for w in argv {
        line.push(' ');
        let plain = !w.is_empty()
            && w.chars()
                .all(|c| c.is_ascii_alphanumeric() || "-_./:=+@,".contains(c));
        if plain {
            line.push_str(w);
        } else {
            line.push('\'');
            line.push_str(&w.replace('\'', r"'\''"));
            line.push('\'');
        }
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_with_spaces_are_quoted() {
        let argv: Vec<String> = ["options", "my board.json", "m-1", "--aoe", "X/  X/X"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(
            shell_line(&argv),
            "monster-ai options 'my board.json' m-1 --aoe 'X/  X/X'"
        );
        assert_eq!(shell_line(&["it's".to_string()]), r"monster-ai 'it'\''s'");
    }
}
