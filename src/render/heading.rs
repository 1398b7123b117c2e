//! The words heading a picture: its title (the board's name and round) and where the fight
//! stands. A finished fight says who won and in which round ([`Ending`], read by the
//! command from `rules::deck::ending`) instead of whose turn is open.

use crate::board::Fight;
use crate::rules::deck::Ending;

/// How a finished fight ended, in words: `the heroes won in round 4 (no monsters are
/// left)`.
pub fn over_words(e: &Ending) -> String {
    format!("{} in round {} ({})", e.outcome(), e.round, e.reason())
}

/// The text map's first line: the board's name (if any) and its round.
pub fn title(fight: &Fight) -> String {
    match &fight.board.name {
        Some(name) => format!("{name} (round {})", fight.board.round),
        None => format!("Round {}", fight.board.round),
    }
}

/// The text map's second line: how the fight ended, or where the round stands.
pub fn standing(fight: &Fight, ending: Option<&Ending>) -> String {
    match ending {
        Some(e) => format!("The fight is over: {}.", over_words(e)),
        None => fight.turn_line(),
    }
}

/// The picture's title: the board's name and round, or, once the fight is over, its name
/// and how it ended.
pub fn picture_title(fight: &Fight, ending: Option<&Ending>) -> String {
    let Some(e) = ending else {
        return title(fight);
    };
    let words = over_words(e);
    match &fight.board.name {
        Some(name) => format!("{name}: {words}"),
        None => {
            let mut chars = words.chars();
            chars
                .next()
                .map(|c| c.to_uppercase().chain(chars).collect())
                .unwrap_or_default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{NoMonsterTypes, Side};

    fn fight(name: &str) -> Fight {
        let text = format!(
            r#"{{"format": 2, {name} "round": 4, "grid": {{"kind": "square", "width": 2, "height": 1}},
            "creatures": [{{"id": "aria", "name": "Aria", "side": "players", "position": "A1", "hp": 5}}]}}"#
        );
        crate::board::load::load_board("b.json", &text, &NoMonsterTypes).unwrap()
    }

    const WON: Ending = Ending {
        round: 4,
        winner: Some(Side::Players),
        quiet: 0,
    };

    #[test]
    fn a_fight_under_way_says_where_the_round_stands() {
        let f = fight(r#""name": "Ambush","#);
        assert_eq!(title(&f), "Ambush (round 4)");
        assert_eq!(picture_title(&f, None), "Ambush (round 4)");
        assert_eq!(standing(&f, None), f.turn_line());
    }

    #[test]
    fn a_finished_fight_says_who_won_and_when() {
        let f = fight(r#""name": "Ambush","#);
        assert_eq!(
            standing(&f, Some(&WON)),
            "The fight is over: the heroes won in round 4 (no monsters are left)."
        );
        assert_eq!(
            picture_title(&f, Some(&WON)),
            "Ambush: the heroes won in round 4 (no monsters are left)"
        );
        let stalemate = Ending {
            round: 12,
            winner: None,
            quiet: 10,
        };
        assert_eq!(
            picture_title(&fight(""), Some(&stalemate)),
            "A stalemate in round 12 (10 quiet rounds in a row)"
        );
    }
}
