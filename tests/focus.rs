//! Gloomhaven focus and movement puzzles for `rules::focus`, each on a hex board drawn
//! as ASCII with every valid answer worked out by hand in the comment above it.
//!
//! ## The picture format
//!
//! Hexes are flat-topped and odd columns (B, D, …) sit half a hex lower, so each board row
//! takes two text lines: the first holds the even columns (A, C, E, …), the second the odd
//! columns. Column `c` is written at character `2c` (after the picture's common
//! indentation), so odd lines start two characters further right:
//!
//! ```text
//! A1  C1  E1          <- row 1, even columns
//!   B1  D1  F1        <- row 1, odd columns (half a hex lower)
//! A2  C2  E2          <- row 2, even columns
//!   B2  D2  F2
//! ```
//!
//! In the picture two hexes are neighbours when they are two lines apart in the same
//! character column, or one line apart and two characters apart; the hex distance between
//! two hexes `dx` columns and `dy` lines apart is `dx + max(0, (dy - dx) / 2)`.
//!
//! Symbols: `.` floor, `#` wall, `o` obstacle, `~` difficult, `^` hazardous, `x` a trap,
//! `+` a closed door, `/` an open door, `*` icy; `M` the monster whose turn it is, `m` another
//! monster (its ally); any other capital letter is a character (an enemy) whose id is that
//! letter; other lowercase letters are floor, used to name hexes in the comments. Thin
//! walls are listed beside the picture as pairs of cell names.

use monster_ai::registry::Registry;
use monster_ai_core::board::Fight;
use monster_ai_core::board::load::load_board;
use monster_ai_core::grid::Cell;
use monster_ai_focus::{
    AttackShape, Mobility, Pattern, Plan, Solution, Variant, solve, solve_with,
};
use serde_json::json;

/// Reads a picture into a fight (see the module documentation).
fn board(picture: &str, thin_walls: &[(&str, &str)]) -> Fight {
    let lines: Vec<&str> = picture.lines().filter(|l| !l.trim().is_empty()).collect();
    let indent = lines
        .iter()
        .map(|l| l.len() - l.trim_start().len())
        .min()
        .unwrap();
    let mut cells: Vec<(Cell, char)> = Vec::new();
    for (n, line) in lines.iter().enumerate() {
        for (pos, ch) in line[indent..].char_indices() {
            if ch == ' ' {
                continue;
            }
            assert!(
                pos % 2 == 0 && (pos / 2) % 2 == n % 2,
                "`{ch}` at line {n}, character {pos} is not on a hex"
            );
            cells.push((Cell::new((pos / 2) as i32, (n / 2) as i32), ch));
        }
    }
    let width = cells.iter().map(|c| c.0.col).max().unwrap() + 1;
    let height = cells.iter().map(|c| c.0.row).max().unwrap() + 1;
    let mut map = vec![vec!['.'; width as usize]; height as usize];
    let mut creatures = Vec::new();
    let mut traps = Vec::new();
    let mut allies = 0;
    for &(cell, ch) in &cells {
        let terrain = match ch {
            '#' | 'o' | '~' | '^' | '+' | '/' | '*' => ch,
            _ => '.',
        };
        map[cell.row as usize][cell.col as usize] = terrain;
        let name = cell.name();
        match ch {
            'x' => traps.push(json!({"cell": name, "side": "players", "damage": "3"})),
            'M' => {
                creatures.push(json!({"id": "M", "side": "monsters", "position": name, "hp": 5}))
            }
            'm' => {
                allies += 1;
                creatures.push(json!({"id": format!("m{allies}"), "side": "monsters", "position": name, "hp": 5}));
            }
            c if c.is_ascii_uppercase() => creatures
                .push(json!({"id": c.to_string(), "side": "players", "position": name, "hp": 10})),
            _ => {}
        }
    }
    let text = json!({
        "format": 1,
        "grid": {"kind": "hex", "width": width, "height": height},
        "map": map.iter().map(|r| r.iter().collect::<String>()).collect::<Vec<_>>(),
        "thin_walls": thin_walls.iter().map(|(a, b)| [a, b]).collect::<Vec<_>>(),
        "traps": traps,
        "creatures": creatures,
    })
    .to_string();
    load_board("test", &text, Registry::builtin().no_monsters().as_ref()).unwrap()
}

fn monster(fight: &Fight) -> usize {
    fight.index_of("M").expect("the picture has an M")
}

fn melee(targets: u32) -> Option<AttackShape> {
    Some(AttackShape {
        range: 0,
        targets,
        aoe: None,
    })
}

fn ranged(range: u32, targets: u32) -> Option<AttackShape> {
    Some(AttackShape {
        range,
        targets,
        aoe: None,
    })
}

fn area(range: u32, targets: u32, picture: &str) -> Option<AttackShape> {
    Some(AttackShape {
        range,
        targets,
        aoe: Some(Pattern::parse(picture).unwrap()),
    })
}

fn plan(move_points: Option<u32>, attack: Option<AttackShape>) -> Plan {
    Plan {
        move_points,
        attack,
        ..Plan::default()
    }
}

fn id(fight: &Fight, i: usize) -> String {
    fight.board.creatures[i].id.clone()
}

/// The foci's ids.
fn foci(fight: &Fight, s: &Solution) -> Vec<String> {
    s.choices.iter().map(|c| id(fight, c.focus)).collect()
}

/// Every outcome of every focus as `DEST: T1 T2 [area A B] [-> GOAL] [dis T]`, sorted.
fn answers(fight: &Fight, s: &Solution) -> Vec<String> {
    let mut out = Vec::new();
    for c in &s.choices {
        for o in &c.outcomes {
            let mut line = format!("{}:", o.destination);
            for &t in &o.targets {
                line.push_str(&format!(" {}", id(fight, t)));
            }
            if !o.area.is_empty() {
                let hexes: Vec<String> = o.area.iter().map(|c| c.name()).collect();
                line.push_str(&format!(" [{}]", hexes.join(" ")));
            }
            if let Some(goal) = o.toward {
                line.push_str(&format!(" -> {goal}"));
            }
            if !o.disadvantage.is_empty() {
                let d: Vec<String> = o.disadvantage.iter().map(|&t| id(fight, t)).collect();
                line.push_str(&format!(" dis {}", d.join(" ")));
            }
            out.push(line);
        }
    }
    out.sort();
    out
}

fn run(fight: &Fight, p: &Plan, v: Variant) -> Solution {
    solve(fight, monster(fight), p, v)
}

fn check(fight: &Fight, p: &Plan, v: Variant, want_foci: &[&str], want: &[&str]) {
    let s = run(fight, p, v);
    assert_eq!(foci(fight, &s), want_foci, "foci ({v:?})");
    let mut want: Vec<String> = want.iter().map(|w| w.to_string()).collect();
    want.sort();
    assert_eq!(answers(fight, &s), want, "answers ({v:?})");
}

fn gh(fight: &Fight, p: &Plan, want_foci: &[&str], want: &[&str]) {
    check(fight, p, Variant::Gloomhaven, want_foci, want);
}

fn cells(names: &[&str]) -> Vec<Cell> {
    names.iter().map(|n| Cell::parse(n).unwrap()).collect()
}

// ---------------------------------------------------------------------------------------
// The examples of the rule book (seed 001).

/// Focus by path, not distance. The Brute (B, C1) is 2 hexes from the monster (C3) but
/// walls (C2, B2, D2) leave only B1 and D1 to hit him from, 4 steps away each; the
/// Tinkerer (T, C6) is 3 hexes away and C5, next to him, is 2 steps away. The monster
/// focuses on the Tinkerer and with Move 2 walks C4, C5 and attacks him.
#[test]
fn seed_focus_by_path_not_distance() {
    let f = board(
        "
        .   B   .
          .   .   .
        .   #   .
          #   #   .
        .   M   .
          .   .   .
        .   .   .
          .   .   .
        .   .   .
          .   .   .
        .   T   .
          .   .   .
        .   .   .
          .   .   .
        ",
        &[],
    );
    let s = run(&f, &plan(Some(2), melee(1)), Variant::Gloomhaven);
    assert_eq!(foci(&f, &s), ["T"]);
    assert_eq!(s.choices[0].cost.steps, 2);
    assert_eq!(s.choices[0].outcomes[0].path, cells(&["C4", "C5"]));
    gh(&f, &plan(Some(2), melee(1)), &["T"], &["C5: T"]);
}

/// Move 3, and the Brute (B, C4) is the focus (the only enemy one step from an attack
/// hex). Ranged (3): M stays on C2 and shoots the Brute (2 hexes away, no disadvantage).
/// Single-target melee: 1 hex to b (C3), beside the Brute. Two targets: 2 hexes to c
/// (D3), beside the Brute and the Tinkerer (T, E4) — the only hex touching both within
/// 2 steps (D4, the other one, is 3). Three or more targets: 3 hexes to d (D4), touching
/// the Brute, the Tinkerer and the Spellweaver (S, D5).
#[test]
fn seed_move_three_multi_target() {
    let f = board(
        "
        .   .   .
          .   .   .
        .   M   .
          .   .   .
        .   b   .
          .   c   .
        .   B   T
          .   d   .
        .   .   .
          .   S   .
        .   .   .
          .   .   .
        ",
        &[],
    );
    gh(&f, &plan(Some(3), ranged(3, 1)), &["B"], &["C2: B"]);
    gh(&f, &plan(Some(3), melee(1)), &["B"], &["C3: B"]);
    gh(&f, &plan(Some(3), melee(2)), &["B"], &["D3: B T"]);
    gh(&f, &plan(Some(3), melee(3)), &["B"], &["D4: B T S"]);
    gh(&f, &plan(Some(3), melee(5)), &["B"], &["D4: B T S"]);
}

/// Traps as obstacles. The Tinkerer (T, C5) is ringed by traps: every hex beside him is
/// one. The Brute (B, G2) is farther, but F1 and F2 beside him are 3 trap-free steps
/// away, so the monster (C2) focuses on him although the Tinkerer is nearer (2 steps to
/// C4, 1 trap); with Move 3 it may end on either (a players' choice).
/// Without the Brute it focuses on the Tinkerer after all: with Move 2 it walks C3, C4
/// onto the trap and attacks; with Move 1 it steps to C3 toward C4.
#[test]
fn seed_traps_are_obstacles_for_focus() {
    let picture = "
        .   .   .   .
          .   .   .   .
        .   M   .   B
          .   .   .   .
        .   .   .   .
          .   .   .   .
        .   x   .   .
          x   x   .   .
        .   T   .   .
          x   x   .   .
        .   x   .   .
          .   .   .   .
        ";
    let f = board(picture, &[]);
    gh(&f, &plan(Some(3), melee(1)), &["B"], &["F1: B", "F2: B"]);
    let f = board(&picture.replace('B', "."), &[]);
    let s = run(&f, &plan(Some(2), melee(1)), Variant::Gloomhaven);
    assert_eq!(s.choices[0].outcomes[0].cost.avoided, 1);
    gh(&f, &plan(Some(2), melee(1)), &["T"], &["C4: T"]);
    gh(&f, &plan(Some(1), melee(1)), &["T"], &["C3: -> C4"]);
}

/// The archer (M, E3, Range 3) and the Brute (B, I3). Hexes in range one step away are
/// F3, a trap (c), and F2, held by another monster that it may pass but not stop on.
/// The only trap-free hex in range within 2 steps is b (G2), through F2 (F1, G3 and F4 are
/// obstacles, E2 a wall). With Move 2 it walks F2, G2 and shoots. With Move 1 it stays:
/// not onto the trap, although that would put it in range, and not to d (D3) or any other
/// hex, none of which is closer to G2.
#[test]
fn seed_archer_and_the_trap() {
    let f = board(
        "
        .   .   .   .   .
          .   .   o   .   .
        .   .   #   b   .
          .   .   m   .   .
        .   .   M   o   B
          .   d   x   .   .
        .   .   .   .   .
          .   .   o   .   .
        .   .   .   .   .
          .   .   .   .   .
        ",
        &[],
    );
    gh(&f, &plan(Some(2), ranged(3, 1)), &["B"], &["G2: B"]);
    gh(&f, &plan(Some(1), ranged(3, 1)), &["B"], &["E3: -> G2"]);
}

// ---------------------------------------------------------------------------------------
// Focus puzzles.

fn initiatives<'a>(
    fight: &'a Fight,
    table: &'a [(&'a str, u32)],
) -> impl Fn(usize) -> Option<u32> + 'a {
    move |i| {
        let id = &fight.board.creatures[i].id;
        table.iter().find(|(n, _)| n == id).map(|&(_, v)| v)
    }
}

/// Two characters mirror each other around the monster (E3): A (E1) and B (E5) are each
/// one step from an attack hex (E2, E4) and 2 hexes away. Without initiatives the
/// players choose (both foci, flagged); with A at 50 and B at 20, B acts first and is the
/// focus.
#[test]
fn initiative_breaks_a_tie_or_players_choose() {
    let f = board(
        "
        .   .   A
          .   .
        .   .   .
          .   .
        .   .   M
          .   .
        .   .   .
          .   .
        .   .   B
          .   .
        ",
        &[],
    );
    let p = plan(Some(2), melee(1));
    let s = run(&f, &p, Variant::Gloomhaven);
    assert!(s.initiative_unknown);
    gh(&f, &p, &["A", "B"], &["E2: A", "E4: B"]);
    let table = [("A", 50), ("B", 20)];
    let s = solve_with(
        &f,
        monster(&f),
        &p,
        Variant::Gloomhaven,
        &initiatives(&f, &table),
    );
    assert!(!s.initiative_unknown);
    assert_eq!(foci(&f, &s), ["B"]);
    assert_eq!(answers(&f, &s), ["E4: B"]);
}

/// Proximity is counted around walls, not obstacles. A (E1) sits behind the wall E2: its
/// attack hexes D1 and F1 are 2 steps away and it is 3 steps away around the wall. B (E5)
/// is 2 hexes away with the obstacle E4 in between: its attack hexes D4 and F4 are also 2
/// steps away, but its proximity is 2. Gloomhaven: B, reached at D4 or F4 (players'
/// choice). Jaws of the Lion ignores proximity: A and B tie, then initiative decides
/// (A at 10 is the focus).
#[test]
fn proximity_around_walls_breaks_ties_except_in_jaws_of_the_lion() {
    let f = board(
        "
        .   .   A
          .   .   .
        .   .   #
          .   .   .
        .   .   M
          .   .   .
        .   .   o
          .   .   .
        .   .   B
          .   .   .
        .   .   .
          .   .   .
        ",
        &[],
    );
    let p = plan(Some(2), melee(1));
    gh(&f, &p, &["B"], &["D4: B", "F4: B"]);
    check(&f, &p, Variant::Frosthaven, &["B"], &["D4: B", "F4: B"]);
    check(
        &f,
        &p,
        Variant::JawsOfTheLion,
        &["A", "B"],
        &["D1: A", "F1: A", "D4: B", "F4: B"],
    );
    let table = [("A", 10), ("B", 60)];
    let s = solve_with(
        &f,
        monster(&f),
        &p,
        Variant::JawsOfTheLion,
        &initiatives(&f, &table),
    );
    assert_eq!(answers(&f, &s), ["D1: A", "F1: A"]);
}

/// Every hex beside the Tinkerer (T, E5) is a trap. A wall runs from the left edge to G3
/// with one gap, E3, which is a trap too. Straight through the gap, E4 is 3 steps and 2
/// traps away; around the wall's end (H2), F4 is 6 steps and 1 trap away. The monster
/// (E1) takes the way with the fewest traps. With Move 6 it ends on F4; with Move 3 it
/// heads for F4 and gets as near as it can: H2, 3 steps from F4 (it does not take the
/// 3-step way through the gap). Hazardous terrain is treated the same way.
#[test]
fn fewest_traps_when_none_is_avoidable() {
    let picture = "
        .   .   M   .   .
          .   .   .   .
        .   .   .   .   .
          #   #   #   .
        #   #   x   #   .
          .   .   .   .
        .   .   x   .   .
          .   x   x   .
        .   .   T   .   .
          .   x   x   .
        .   .   x   .   .
          .   .   .   .
        ";
    for p in [picture.to_string(), picture.replace('x', "^")] {
        let f = board(&p, &[]);
        let s = run(&f, &plan(Some(6), melee(1)), Variant::Gloomhaven);
        assert_eq!(s.choices[0].cost.avoided, 1);
        assert_eq!(s.choices[0].cost.steps, 6);
        gh(&f, &plan(Some(6), melee(1)), &["T"], &["F4: T"]);
        gh(&f, &plan(Some(3), melee(1)), &["T"], &["H2: -> F4"]);
    }
}

/// Difficult terrain costs 2. The Brute (B, E5) can be hit from E4 (difficult: 2 move
/// points for one step) or from D4 and F4 (2 plain steps): all three cost 2, a players'
/// choice. With Move 1 none is reachable: the monster heads for each in turn — one step
/// to D3 toward D4, to F3 toward F4, and toward E4 it stays, since D3 or F3 would leave
/// it just as far (2 points) from E4.
#[test]
fn difficult_terrain_costs_two() {
    let f = board(
        "
        .   .   .
          .   .   .
        .   .   .
          .   .   .
        .   .   M
          .   .   .
        .   .   ~
          .   .   .
        .   .   B
          .   .   .
        ",
        &[],
    );
    gh(
        &f,
        &plan(Some(2), melee(1)),
        &["B"],
        &["D4: B", "E4: B", "F4: B"],
    );
    gh(
        &f,
        &plan(Some(1), melee(1)),
        &["B"],
        &["D3: -> D4", "E3: -> E4", "F3: -> F4"],
    );
}

/// A thin wall between E4 and the Brute (E5): E4 is beside him but cannot reach him. The
/// attack hexes are D4 and F4, 2 steps away. With Move 1 it heads for either and ends
/// one step from it: D3 or E4 toward D4, E4 or F3 toward F4 (E4 is a fine place to wait,
/// it just cannot strike through the wall).
#[test]
fn thin_wall_blocks_a_melee_attack() {
    let f = board(
        "
        .   .   .
          .   .   .
        .   .   .
          .   .   .
        .   .   M
          .   .   .
        .   .   .
          .   .   .
        .   .   B
          .   .   .
        ",
        &[("E4", "E5")],
    );
    gh(&f, &plan(Some(2), melee(1)), &["B"], &["D4: B", "F4: B"]);
    gh(
        &f,
        &plan(Some(1), melee(1)),
        &["B"],
        &["D3: -> D4", "E4: -> D4", "E4: -> F4", "F3: -> F4"],
    );
}

/// A wall from edge to edge with a door at C3. Closed, it cuts the monster (C1) off from
/// the Brute (C5): no focus at all, so no move and no attack. Open, the monster walks C2,
/// C3, C4 (3 steps) and attacks; B4 and D4 are 4 steps.
#[test]
fn doors_closed_and_open() {
    let picture = "
        .   M   .
          .   .
        .   .   .
          #   #
        #   +   #
          .   .
        .   .   .
          .   .
        .   B   .
          .   .
        ";
    let f = board(picture, &[]);
    gh(&f, &plan(Some(3), melee(1)), &[], &[]);
    let f = board(&picture.replace('+', "/"), &[]);
    gh(&f, &plan(Some(3), melee(1)), &["B"], &["C4: B"]);
}

/// An archer (Range 3, Move 2) next to the Brute (B, E4) steps away to shed disadvantage:
/// one step to D2, E2 or F2 (2 hexes from him); D3 and F3 would still touch him. Muddled,
/// it does not care and shoots from where it stands.
#[test]
fn ranged_attacker_steps_away_from_disadvantage() {
    let f = board(
        "
        .   .   .
          .   .   .
        .   .   .
          .   .   .
        .   .   M
          .   .   .
        .   .   B
          .   .   .
        .   .   .
          .   .   .
        ",
        &[],
    );
    let p = plan(Some(2), ranged(3, 1));
    gh(&f, &p, &["B"], &["D2: B", "E2: B", "F2: B"]);
    check(
        &f,
        &p,
        Variant::Frosthaven,
        &["B"],
        &["D2: B", "E2: B", "F2: B"],
    );
    let mut muddled = p.clone();
    muddled.muddled = true;
    gh(&f, &muddled, &["B"], &["E3: B"]);
    gh(&f, &plan(None, ranged(3, 1)), &["B"], &["E3: B dis B"]);
}

/// Range 2, Target 2, Move 1, the Brute (B, E4) adjacent. Gloomhaven and Jaws of the Lion
/// shed disadvantage on the focus first: D2, E2 or F2, hitting only the Brute. Frosthaven
/// counts targets first: D3 also reaches C (D5, 2 hexes away), so it stays beside the
/// Brute at D3 and shoots both, the Brute with disadvantage.
#[test]
fn disadvantage_on_the_focus_against_more_targets() {
    let f = board(
        "
        .   .   .
          .   .   .
        .   .   .
          .   .   .
        .   .   M
          .   .   .
        .   .   B
          .   .   .
        .   .   .
          .   C   .
        ",
        &[],
    );
    let p = plan(Some(1), ranged(2, 2));
    gh(&f, &p, &["B"], &["D2: B", "E2: B", "F2: B"]);
    check(
        &f,
        &p,
        Variant::JawsOfTheLion,
        &["B"],
        &["D2: B", "E2: B", "F2: B"],
    );
    check(&f, &p, Variant::Frosthaven, &["B"], &["D3: B C dis B"]);
}

/// Melee Target 2, Move 1. The Brute (B, E4) is adjacent and the focus. D3 touches him and
/// C (C3); F3 touches him and D (G4); both 1 step away and both C and D 2 hexes from the
/// monster. Gloomhaven ranks the second target like a focus: with D acting first (20
/// against C's 40) it goes to F3; without initiatives, or in Frosthaven (which does not
/// rank secondary targets), D3 and F3 are both valid.
#[test]
fn secondary_targets_ranked_like_foci() {
    let f = board(
        "
        .   .   .   .
          .   .   .
        .   .   .   .
          .   .   .
        .   C   M   .
          .   .   .
        .   .   B   D
          .   .   .
        .   .   .   .
          .   .   .
        ",
        &[],
    );
    let p = plan(Some(1), melee(2));
    gh(&f, &p, &["B"], &["D3: B C", "F3: B D"]);
    let table = [("B", 30), ("C", 40), ("D", 20)];
    let s = solve_with(
        &f,
        monster(&f),
        &p,
        Variant::Gloomhaven,
        &initiatives(&f, &table),
    );
    assert_eq!(answers(&f, &s), ["F3: B D"]);
    let s = solve_with(
        &f,
        monster(&f),
        &p,
        Variant::Frosthaven,
        &initiatives(&f, &table),
    );
    assert_eq!(answers(&f, &s), ["D3: B C", "F3: B D"]);
}

/// The mirror board of `initiative_breaks_a_tie_or_players_choose`, with B summoned by
/// A. A summon acts just before its summoner, so on the same initiative (or with both
/// unknown) B is the focus; with its own later initiative, A is.
#[test]
fn a_summon_is_focused_before_its_summoner() {
    let mut f = board(
        "
        .   .   A
          .   .
        .   .   .
          .   .
        .   .   M
          .   .
        .   .   .
          .   .
        .   .   B
          .   .
        ",
        &[],
    );
    let b = f.index_of("B").unwrap();
    f.board.creatures[b].summoner = Some("A".into());
    let p = plan(Some(2), melee(1));
    let s = run(&f, &p, Variant::Gloomhaven);
    assert!(!s.initiative_unknown);
    assert_eq!(answers(&f, &s), ["E4: B"]);
    for (table, want) in [
        ([("A", 30), ("B", 30)], "E4: B"),
        ([("A", 30), ("B", 50)], "E2: A"),
    ] {
        let s = solve_with(
            &f,
            monster(&f),
            &p,
            Variant::Gloomhaven,
            &initiatives(&f, &table),
        );
        assert_eq!(answers(&f, &s), [want], "{table:?}");
    }
}

/// The board of `secondary_targets_ranked_like_foci`, with D summoned by C and both on
/// initiative 40: D ranks just before C, so Gloomhaven takes F3 (B and D); without the
/// link they tie.
#[test]
fn a_summon_ranks_before_its_summoner_as_a_secondary_target() {
    let mut f = board(
        "
        .   .   .   .
          .   .   .
        .   .   .   .
          .   .   .
        .   C   M   .
          .   .   .
        .   .   B   D
          .   .   .
        .   .   .   .
          .   .   .
        ",
        &[],
    );
    let p = plan(Some(1), melee(2));
    let table = [("B", 30), ("C", 40), ("D", 40)];
    let solve_gh = |f: &Fight| {
        solve_with(
            f,
            monster(f),
            &p,
            Variant::Gloomhaven,
            &initiatives(f, &table),
        )
    };
    assert_eq!(answers(&f, &solve_gh(&f)), ["D3: B C", "F3: B D"]);
    let d = f.index_of("D").unwrap();
    f.board.creatures[d].summoner = Some("C".into());
    assert_eq!(answers(&f, &solve_gh(&f)), ["F3: B D"]);
}

// ---------------------------------------------------------------------------------------
// Areas of effect.

/// A melee area fixed to the attacker: the hex below it and the hex below-right of that
/// (`@//X/  X`). The Brute (B, E4) is below the monster (E3), C at D4 below-left of him:
/// only the mirrored pattern covers both. No move: it stays and hits both.
#[test]
fn melee_area_needs_a_mirror() {
    let f = board(
        "
        .   .   .
          .   .   .
        .   .   .
          .   .   .
        .   .   M
          .   .   .
        .   .   B
          .   C   .
        .   .   .
          .   .   .
        ",
        &[],
    );
    gh(
        &f,
        &plan(None, area(0, 1, "@//X/  X")),
        &["B"],
        &["E3: B C [D4 E4]"],
    );
    // Turned the other way round (drawn pointing up) the line still reaches down.
    gh(
        &f,
        &plan(None, area(0, 1, "X//X//@")),
        &["B"],
        &["E3: B [E4 E5]"],
    );
}

/// A ranged triangle (`X/  X/X`, Range 3) from A4 over D (D4), B (E4) and C (E5): the
/// turned triangle covers all three, and D4 is within range. D is the focus (3 hexes
/// away; B and C are 4).
#[test]
fn ranged_triangle_turned_over_three() {
    let f = board(
        "
        .   .   .
          .   .   .
        .   .   .
          .   .   .
        .   .   .
          .   .   .
        M   .   B
          .   D   .
        .   .   C
          .   .   .
        ",
        &[],
    );
    gh(
        &f,
        &plan(None, area(3, 1, "X/  X/X")),
        &["D"],
        &["A4: D B C [D4 E4 E5]"],
    );
    gh(
        &f,
        &plan(Some(2), area(3, 1, "X/  X/X")),
        &["D"],
        &["A4: D B C [D4 E4 E5]"],
    );
}

// ---------------------------------------------------------------------------------------
// Flying, jumping, teleporting; cards without a move or an attack; allies in the way.

fn moving(points: u32, mobility: Mobility, attack: Option<AttackShape>) -> Plan {
    Plan {
        move_points: Some(points),
        mobility,
        attack,
        ..Plan::default()
    }
}

/// A row of obstacles runs across the whole board (lines 3–4 of the picture); the
/// Brute (B, E5) is on the far side and a trap lies on E4 beside him. Walking: no way
/// round, no focus. Flying (Move 3): over E3 to E4 — traps mean nothing to a flyer — and
/// attack. With Move 2 it cannot reach E4 (3 steps) and gets as near as it can: a flyer
/// may end on an obstacle (issue 11, point 3), so it ends on E3, the obstacle next to E4
/// (1 still to go); the other hexes next to E4 within reach would be D3 and F3, 3 steps
/// away each. (Before flyers could stop on obstacles the answer was E2, 2 short of E4.)
/// Jumping (Move 3): it could land on E4 but would spring the trap, so it heads for D4
/// or F4 (4 steps, no trap): D3 toward D4, F3 toward F4.
#[test]
fn flying_and_jumping_over_obstacles() {
    let f = board(
        "
        .   .   M   .   .
          .   .   .   .
        .   .   .   .   .
          o   o   o   o
        o   o   o   o   o
          .   .   .   .
        .   .   x   .   .
          .   .   .   .
        .   .   B   .   .
          .   .   .   .
        ",
        &[],
    );
    gh(&f, &plan(Some(3), melee(1)), &[], &[]);
    gh(&f, &moving(3, Mobility::Fly, melee(1)), &["B"], &["E4: B"]);
    gh(
        &f,
        &moving(2, Mobility::Fly, melee(1)),
        &["B"],
        &["E3: -> E4"],
    );
    gh(
        &f,
        &moving(3, Mobility::Jump, melee(1)),
        &["B"],
        &["D3: -> D4", "F3: -> F4"],
    );
}

/// Jumping into difficult terrain: the Brute (B, E5) can only be hit from E4 (difficult;
/// D4 and F4 are obstacles). A Gloomhaven jump pays 2 to land there, so with Move 1 the
/// monster (E3) waits (no other hex is nearer); Frosthaven and Jaws of the Lion jumps pay
/// 1, so it lands and attacks.
#[test]
fn jump_landing_in_difficult_terrain() {
    let f = board(
        "
        .   .   .
          .   .   .
        .   .   .
          .   .   .
        .   .   M
          .   .   .
        .   .   ~
          .   o   o
        .   .   B
          .   .   .
        ",
        &[],
    );
    let p = moving(1, Mobility::Jump, melee(1));
    gh(&f, &p, &["B"], &["E3: -> E4"]);
    check(&f, &p, Variant::Frosthaven, &["B"], &["E4: B"]);
    check(&f, &p, Variant::JawsOfTheLion, &["B"], &["E4: B"]);
}

/// A wall across the whole board. Walking or flying: no focus. Teleporting (Move 3): to
/// E4, 3 hexes away through the wall, and attack; with Move 2, to E2 (the nearest it can
/// get to E4).
#[test]
fn teleport_through_a_wall() {
    let f = board(
        "
        .   .   M   .   .
          .   .   .   .
        .   .   .   .   .
          #   #   #   #
        #   #   #   #   #
          .   .   .   .
        .   .   .   .   .
          .   .   .   .
        .   .   B   .   .
          .   .   .   .
        ",
        &[],
    );
    gh(&f, &plan(Some(3), melee(1)), &[], &[]);
    gh(&f, &moving(3, Mobility::Fly, melee(1)), &[], &[]);
    let s = run(
        &f,
        &moving(3, Mobility::Teleport, melee(1)),
        Variant::Gloomhaven,
    );
    assert_eq!(s.choices[0].outcomes[0].path, cells(&["E4"]));
    gh(
        &f,
        &moving(3, Mobility::Teleport, melee(1)),
        &["B"],
        &["E4: B"],
    );
    gh(
        &f,
        &moving(2, Mobility::Teleport, melee(1)),
        &["B"],
        &["E2: -> E4"],
    );
}

/// The Brute (B, E5), 2 hexes from the monster (E3). A card without a move: it stays
/// and, out of reach, does not attack (still heading for E4 when it can). A card with a
/// move but no attack: it walks to E4 beside him and attacks nobody.
#[test]
fn cards_without_a_move_or_without_an_attack() {
    let f = board(
        "
        .   .   .
          .   .   .
        .   .   .
          .   .   .
        .   .   M
          .   .   .
        .   .   .
          .   .   .
        .   .   B
          .   .   .
        ",
        &[],
    );
    gh(&f, &plan(None, melee(1)), &["B"], &["E3: -> E4"]);
    let s = run(&f, &plan(Some(2), None), Variant::Gloomhaven);
    assert!(!s.choices[0].attacks);
    gh(&f, &plan(Some(2), None), &["B"], &["E4:"]);
}

/// An ally (m, E4) stands between the monster (E3) and the Brute (B, E6). It may walk
/// through its ally: with Move 2 it reaches E5 and attacks. With Move 1 it cannot stop on
/// E4, and D3 or F3 are no nearer to E5 (2 steps) than where it stands: it stays.
#[test]
fn through_allies_but_never_onto_them() {
    let f = board(
        "
        .   .   .
          .   .   .
        .   .   .
          .   .   .
        .   .   M
          .   .   .
        .   .   m
          .   .   .
        .   .   .
          .   .   .
        .   .   B
          .   .   .
        ",
        &[],
    );
    let s = run(&f, &plan(Some(2), melee(1)), Variant::Gloomhaven);
    assert_eq!(s.choices[0].outcomes[0].path, cells(&["E4", "E5"]));
    gh(&f, &plan(Some(2), melee(1)), &["B"], &["E5: B"]);
    gh(&f, &plan(Some(1), melee(1)), &["B"], &["E3: -> E5"]);
}

/// A (E1) is 2 hexes away but sealed in: walls on D1 and F1, an ally on E2 — no hex to
/// attack it from in melee. So the monster (E3) focuses on C (E6), 2 steps from E5.
/// Without C, nobody can be attacked: no focus. A ranged attack (Range 3) reaches A over
/// the ally's head from where the monster stands.
#[test]
fn an_enemy_with_no_attack_hex_is_never_the_focus() {
    let picture = "
        .   .   A
          .   #   #
        .   .   m
          .   .   .
        .   .   M
          .   .   .
        .   .   .
          .   .   .
        .   .   .
          .   .   .
        .   .   C
          .   .   .
        ";
    let f = board(picture, &[]);
    gh(&f, &plan(Some(2), melee(1)), &["C"], &["E5: C"]);
    gh(&f, &plan(Some(2), ranged(3, 1)), &["A"], &["E3: A"]);
    let f = board(&picture.replace('C', "."), &[]);
    gh(&f, &plan(Some(2), melee(1)), &[], &[]);
}

/// Out of reach this turn (Move 1, melee Target 2). The Brute (B, E6) can be hit from E5
/// (4 steps) or, together with C (C6), from D5 (5 steps). Gloomhaven and Jaws of the Lion
/// head for the best hex, D5: one step to D1 or E2 (4 from D5). Frosthaven heads for the
/// nearest attack hex, E5: E2 (3 from E5).
#[test]
fn heading_for_the_best_hex_or_the_nearest() {
    let f = board(
        "
        .   .   M
          .   .   .
        .   .   .
          .   .   .
        .   .   .
          .   .   .
        .   .   .
          .   .   .
        .   .   .
          .   .   .
        .   C   B
          .   .   .
        .   .   .
          .   .   .
        ",
        &[],
    );
    let p = plan(Some(1), melee(2));
    gh(&f, &p, &["B"], &["D1: -> D5", "E2: -> D5"]);
    check(
        &f,
        &p,
        Variant::JawsOfTheLion,
        &["B"],
        &["D1: -> D5", "E2: -> D5"],
    );
    check(&f, &p, Variant::Frosthaven, &["B"], &["E2: -> E5"]);
}

/// Line of sight by edition. Walls on A2, D2 and B3; the monster on A3 and the Brute on
/// D3, 3 hexes apart. No corner-to-corner line clears the walls, but a line from inside
/// the monster's hex does: a Range 3 archer without a move shoots in Frosthaven and Jaws
/// of the Lion, and cannot in Gloomhaven.
#[test]
fn line_of_sight_by_edition() {
    let f = board(
        "
        .   .
          .   .
        #   .
          .   #
        M   .
          #   B
        .   .
          .   .
        ",
        &[],
    );
    let p = plan(None, ranged(3, 1));
    check(&f, &p, Variant::Frosthaven, &["B"], &["A3: B"]);
    check(&f, &p, Variant::JawsOfTheLion, &["B"], &["A3: B"]);
    let s = run(&f, &p, Variant::Gloomhaven);
    assert_eq!(foci(&f, &s), ["B"]);
    assert!(s.choices[0].outcomes.iter().all(|o| o.targets.is_empty()));
}

// ---------------------------------------------------------------------------------------
// The `options` command.

fn options(board: &str, args: &[&str]) -> (i32, String, String) {
    let dir = std::env::temp_dir().join(format!("monster-ai-focus-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!(
        "board-{}.json",
        args.join("_").replace(['/', ' ', '@'], "-")
    ));
    std::fs::write(&file, board).unwrap();
    let before = std::fs::read(&file).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_monster-ai"))
        .arg("options")
        .arg(&file)
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert_eq!(
        std::fs::read(&file).unwrap(),
        before,
        "options writes nothing"
    );
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// The rule book's Move 3 example through the command line: text and JSON.
#[test]
fn options_command_lists_every_choice() {
    let board = json!({
        "format": 1,
        "grid": {"kind": "hex", "width": 6, "height": 6},
        "creatures": [
            {"id": "M", "side": "monsters", "position": "C2", "hp": 5},
            {"id": "brute", "name": "Brute", "side": "players", "position": "C4", "hp": 10},
            {"id": "tink", "side": "players", "position": "E4", "hp": 10},
            {"id": "spell", "side": "players", "position": "D5", "hp": 10},
        ],
    })
    .to_string();
    let (code, text, _) = options(&board, &["M", "--move", "3", "--targets", "2"]);
    assert_eq!(code, 0);
    assert!(text.contains("Focus: Brute [brute] (C4)"), "{text}");
    assert!(
        text.contains("move to D3 via D2 D3 (2 move points), attack brute, tink"),
        "{text}"
    );
    let (code, text, _) = options(&board, &["M", "--move", "3", "--targets", "3", "--json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["foci"][0]["focus"], "brute");
    let o = &v["foci"][0]["outcomes"];
    assert_eq!(o.as_array().unwrap().len(), 1);
    assert_eq!(o[0]["destination"], "D4");
    assert_eq!(o[0]["targets"], json!(["brute", "tink", "spell"]));
    // A pattern that does not parse, an unknown monster: exit 2 with a hint.
    let (code, _, err) = options(&board, &["M", "--aoe", "X/X"]);
    assert_eq!(code, 2);
    assert!(err.contains("no hex is"), "{err}");
    let (code, _, err) = options(&board, &["brut"]);
    assert_eq!(code, 2);
    assert!(err.contains("did you mean `brute`"), "{err}");
    // Areas: a line of two straight down from the attacker (C3, C4) reaches the Brute
    // where it stands.
    let (code, text, _) = options(&board, &["M", "--move", "1", "--aoe", "@//X//X"]);
    assert_eq!(code, 0);
    assert!(
        text.contains("stay on C2, attack brute with the area on C3 C4"),
        "{text}"
    );
}

/// Without `--variant`, `options` follows the board's `variant`; `--variant` overrides it.
#[test]
fn options_reads_the_variant_from_the_board() {
    let board = |variant: Option<&str>| {
        let mut b = json!({
            "format": 1,
            "grid": {"kind": "hex", "width": 4, "height": 4},
            "creatures": [
                {"id": "M", "side": "monsters", "position": "A1", "hp": 5},
                {"id": "brute", "side": "players", "position": "D4", "hp": 10},
            ],
        });
        if let Some(v) = variant {
            b["variant"] = json!(v);
        }
        b.to_string()
    };
    let variant_of = |b: &str, args: &[&str]| {
        let mut all = vec!["M", "--move", "2", "--json"];
        all.extend_from_slice(args);
        let (code, text, err) = options(b, &all);
        assert_eq!(code, 0, "{err}");
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        v["variant"].as_str().unwrap().to_string()
    };
    assert_eq!(variant_of(&board(None), &[]), "gloomhaven");
    assert_eq!(variant_of(&board(Some("frosthaven")), &[]), "frosthaven");
    assert_eq!(
        variant_of(&board(Some("jaws-of-the-lion")), &[]),
        "jaws-of-the-lion"
    );
    assert_eq!(
        variant_of(&board(Some("frosthaven")), &["--variant", "gloomhaven"]),
        "gloomhaven"
    );
}

// ---------------------------------------------------------------------------------------
// More puzzles: areas behind thin walls, rotations, ice, doorways, proximity, initiative,
// flying, jumping, Frosthaven disadvantage, Move 0, several equally good destinations.

/// An area over a thin wall. The monster (C2) has a melee line of two fixed to it
/// (`@//X//X`); A (C3) stands right below, B (C4) right behind A. Without walls the line
/// straight down covers both from where it stands: `C2: A B [C3 C4]` (A is the focus:
/// both can be hit from C2, A is nearer). Thin walls on the three upper edges of C4
/// (C3|C4, B3|C4, D3|C4) hide B from every hex above it: the same line still lies on C3
/// and C4 but hits only A. Could it hit both from elsewhere? The only other line over
/// both is from C5 up, and C5 cannot see C3 past the walled edges either; so it stays:
/// `C2: A [C3 C4]`.
#[test]
fn area_over_a_thin_wall() {
    let picture = "
        .   .   .
          .   .
        .   M   .
          .   .
        .   A   .
          .   .
        .   B   .
          .   .
        .   .   .
          .   .
        ";
    let p = plan(Some(2), area(0, 1, "@//X//X"));
    gh(&board(picture, &[]), &p, &["A"], &["C2: A B [C3 C4]"]);
    let walled = board(picture, &[("C3", "C4"), ("B3", "C4"), ("D3", "C4")]);
    gh(&walled, &p, &["A"], &["C2: A [C3 C4]"]);
    check(&walled, &p, Variant::Frosthaven, &["A"], &["C2: A [C3 C4]"]);
}

/// Turning a two-hex arc (`@/  X/X`: two neighbouring hexes beside the attacker) around
/// the monster (C3, no move). Its neighbours clockwise from the top: C2, D2, D3, C4, B3,
/// B2; the arc covers any two consecutive ones. X (D2) and Y (D3) touch each other, Z
/// (B3) is alone on the other side; all three are one step away (a three-way focus tie).
/// - Z focused (initiatives X 30, Y 20, Z 10): only arcs over B3, (C4, B3) or (B3, B2),
///   each hitting Z alone — the players choose: `C3: Z [B2 B3]`, `C3: Z [B3 C4]`.
/// - X focused (X 10): the arc (D2, D3) hits X and Y: `C3: X Y [D2 D3]`.
/// - Initiatives unknown: all three foci; Y's best arc is also (D2, D3).
#[test]
fn an_arc_turned_toward_two() {
    let f = board(
        "
        .   .   .
          .   .
        .   .   .
          .   X
        .   M   .
          Z   Y
        .   .   .
          .   .
        ",
        &[],
    );
    let p = plan(None, area(0, 1, "@/  X/X"));
    // Foci are listed in board order (Z's line comes before Y's in the picture).
    gh(
        &f,
        &p,
        &["X", "Z", "Y"],
        &[
            "C3: X Y [D2 D3]",
            "C3: Y X [D2 D3]",
            "C3: Z [B2 B3]",
            "C3: Z [B3 C4]",
        ],
    );
    let with = |table: &[(&str, u32)]| {
        let s = solve_with(
            &f,
            monster(&f),
            &p,
            Variant::Gloomhaven,
            &initiatives(&f, table),
        );
        answers(&f, &s)
    };
    assert_eq!(
        with(&[("X", 30), ("Y", 20), ("Z", 10)]),
        ["C3: Z [B2 B3]", "C3: Z [B3 C4]"]
    );
    assert_eq!(
        with(&[("X", 10), ("Y", 20), ("Z", 30)]),
        ["C3: X Y [D2 D3]"]
    );
}

/// A straight line of three (`X//X//X`, Range 3, no move) must be turned to run along
/// the diagonal P (C2), Q (D2), R (E3). All three are 3 hexes from the monster (C5) and
/// can be hit from where it stands, so proximity ties; with P first in initiative P is
/// the focus, and the one placement covering all three is the line [C2 D2 E3] (its
/// nearest hex, C2, is 3 away: in range). Without initiatives each of the three may be
/// the focus, always with that line.
#[test]
fn a_line_turned_along_a_diagonal() {
    let f = board(
        "
        .   .   .
          .   .
        .   P   .
          .   Q
        .   .   R
          .   .
        .   .   .
          .   .
        .   M   .
          .   .
        ",
        &[],
    );
    let p = plan(None, area(3, 1, "X//X//X"));
    gh(
        &f,
        &p,
        &["P", "Q", "R"],
        &[
            "C5: P Q R [C2 D2 E3]",
            "C5: Q P R [C2 D2 E3]",
            "C5: R P Q [C2 D2 E3]",
        ],
    );
    let table = [("P", 5), ("Q", 50), ("R", 60)];
    let s = solve_with(
        &f,
        monster(&f),
        &p,
        Variant::Gloomhaven,
        &initiatives(&f, &table),
    );
    assert_eq!(answers(&f, &s), ["C5: P Q R [C2 D2 E3]"]);
}

/// Icy hexes (C2, C3, drawn `*`) between the monster (C1) and the Brute (C5). A walker
/// stepping onto C2 slides on south for free over C3 and stops on C4, the first hex past
/// the ice: one movement point puts it beside the Brute, so even Move 1 attacks from C4
/// (path C2 C3 C4). With an ally (m) on C4 the slide stops before it, on C3, which does
/// not touch the Brute: the attack hexes left are B4 and D4, three points away each
/// (C2 sliding to C3, then B3 or D3, then B4 or D4). With Move 1 it heads for either
/// (players' choice) and the best first move is the slide to C3 (two more steps from
/// there; B1 or D1 would leave three).
#[test]
fn a_walker_slides_over_icy_hexes() {
    let picture = |c4: &str| {
        format!(
            "
        .   M   .
          .   .
        .   *   .
          .   .
        .   *   .
          .   .
        .   {c4}   .
          .   .
        .   B   .
          .   .
        "
        )
    };
    let f = board(&picture("."), &[]);
    let s = run(&f, &plan(Some(1), melee(1)), Variant::Gloomhaven);
    assert_eq!(s.choices[0].outcomes[0].path, cells(&["C2", "C3", "C4"]));
    assert_eq!(s.choices[0].outcomes[0].cost.steps, 1);
    gh(&f, &plan(Some(1), melee(1)), &["B"], &["C4: B"]);
    gh(&f, &plan(Some(3), melee(1)), &["B"], &["C4: B"]);
    let f = board(&picture("m"), &[]);
    let s = run(&f, &plan(Some(3), melee(1)), Variant::Gloomhaven);
    assert_eq!(s.choices[0].cost.steps, 3);
    gh(&f, &plan(Some(3), melee(1)), &["B"], &["B4: B", "D4: B"]);
    gh(
        &f,
        &plan(Some(1), melee(1)),
        &["B"],
        &["C3: -> B4", "C3: -> D4"],
    );
}

/// Two open doorways (B3, D3) in a wall across the board; the monster (C1) and the Brute
/// (C5) on either side. Through either door the hexes beside the Brute on the near side,
/// B4, C4 and D4, are 4 steps away (C1 B1 B2 B3 B4; C1 C2 B2 B3 C4; mirrored through
/// D3): with Move 4 any of the three, a players' choice. With Move 2 it heads for each
/// of them: toward B4 only B2 is 2 steps short; toward C4 both B2 and D2 are; toward D4
/// only D2 — four answers. With both doors closed there is no focus.
#[test]
fn two_doorways_and_three_equal_hexes() {
    let picture = "
        .   M   .
          .   .
        .   .   .
          .   .
        #   #   #
          /   /
        .   .   .
          .   .
        .   B   .
          .   .
        ";
    let f = board(picture, &[]);
    gh(
        &f,
        &plan(Some(4), melee(1)),
        &["B"],
        &["B4: B", "C4: B", "D4: B"],
    );
    gh(
        &f,
        &plan(Some(2), melee(1)),
        &["B"],
        &["B2: -> B4", "B2: -> C4", "D2: -> C4", "D2: -> D4"],
    );
    let closed = board(&picture.replace('/', "+"), &[]);
    gh(&closed, &plan(Some(4), melee(1)), &[], &[]);
}

/// Proximity around a thin wall against straight distance, for a ranged monster that
/// does not move. A (C1) and B (C5) are both 2 hexes from the monster (C3) in a straight
/// line, but a thin wall C2|C3 makes A 3 steps away around it (C3 B2 B1 C1); sight to A
/// passes beside the wall. Range 3: both can be shot from C3, so proximity decides: B
/// (Gloomhaven, Frosthaven); Jaws of the Lion ignores proximity and the players choose.
/// Range 2 and Move 0: A is out of range (3 around the wall), B is the focus. Without B,
/// Range 2 and Move 0: A is the focus, to be shot from B2 or D2 (one step, 2 from A), but
/// the monster cannot move and stays, heading for either.
#[test]
fn ranged_monster_without_a_move_and_a_thin_wall() {
    let picture = "
        .   A   .
          .   .
        .   .   .
          .   .
        .   M   .
          .   .
        .   .   .
          .   .
        .   B   .
          .   .
        .   .   .
          .   .
        ";
    let wall = [("C2", "C3")];
    let f = board(picture, &wall);
    let p = plan(None, ranged(3, 1));
    gh(&f, &p, &["B"], &["C3: B"]);
    check(&f, &p, Variant::Frosthaven, &["B"], &["C3: B"]);
    check(
        &f,
        &p,
        Variant::JawsOfTheLion,
        &["A", "B"],
        &["C3: A", "C3: B"],
    );
    gh(&f, &plan(Some(0), ranged(2, 1)), &["B"], &["C3: B"]);
    let alone = board(&picture.replace('B', "."), &wall);
    let s = run(&alone, &plan(Some(0), ranged(2, 1)), Variant::Gloomhaven);
    assert!(!s.choices[0].attacks);
    gh(
        &alone,
        &plan(Some(0), ranged(2, 1)),
        &["A"],
        &["C3: -> B2", "C3: -> D2"],
    );
}

/// Three characters around the monster (C3): X (C2), Y (B3), Z (D3), all one step away.
/// Initiatives X 40, Y 15, Z 15: Y and Z tie on initiative too, so both are foci (the
/// players choose) and the initiatives are not "unknown". Target 2: the second target is
/// ranked like a focus in Gloomhaven, so Y takes Z (15 before 40) and Z takes Y;
/// Frosthaven does not rank secondaries, so either of the other two may be added.
#[test]
fn equal_initiatives_and_every_second_target() {
    let f = board(
        "
        .   .   .
          .   .
        .   X   .
          .   .
        .   M   .
          Y   Z
        .   .   .
          .   .
        ",
        &[],
    );
    let table = [("X", 40), ("Y", 15), ("Z", 15)];
    let run_with =
        |p: &Plan, v: Variant| solve_with(&f, monster(&f), p, v, &initiatives(&f, &table));
    let one = plan(Some(1), melee(1));
    let s = run_with(&one, Variant::Gloomhaven);
    assert!(!s.initiative_unknown);
    assert_eq!(foci(&f, &s), ["Y", "Z"]);
    assert_eq!(answers(&f, &s), ["C3: Y", "C3: Z"]);
    let s = run(&f, &one, Variant::Gloomhaven);
    assert!(s.initiative_unknown);
    assert_eq!(answers(&f, &s), ["C3: X", "C3: Y", "C3: Z"]);
    let two = plan(Some(1), melee(2));
    let s = run_with(&two, Variant::Gloomhaven);
    assert_eq!(answers(&f, &s), ["C3: Y Z", "C3: Z Y"]);
    let s = run_with(&two, Variant::Frosthaven);
    assert_eq!(
        answers(&f, &s),
        ["C3: Y X", "C3: Y Z", "C3: Z X", "C3: Z Y"]
    );
}

/// Flying over traps. Traps on B2, C2 and D2 lie across the monster's (C1) way to the
/// Brute (C4). A flyer (Move 2) goes straight over C2 to C3 and attacks, springing
/// nothing. A walker avoids the traps: B3 and D3 beside the Brute are 4 trap-free steps
/// away (C1 B1 A2 A3 B3 and the mirror), so with Move 2 it goes to A2 (2 steps short of
/// B3) or E2 (2 short of D3); C2 or B2 would be nearer but cost a trap.
#[test]
fn flying_over_traps() {
    let f = board(
        "
        .   M   .
          .   .
        .   x   .
          x   x
        .   .   .
          .   .
        .   B   .
          .   .
        .   .   .
          .   .
        ",
        &[],
    );
    let fly = moving(2, Mobility::Fly, melee(1));
    let s = run(&f, &fly, Variant::Gloomhaven);
    let o = &s.choices[0].outcomes[0];
    assert_eq!((o.path.clone(), o.cost.avoided), (cells(&["C2", "C3"]), 0));
    gh(&f, &fly, &["B"], &["C3: B"]);
    gh(
        &f,
        &plan(Some(2), melee(1)),
        &["B"],
        &["A2: -> B3", "E2: -> D3"],
    );
}

/// Jumping over two rows of difficult terrain (rows 2 and 3). The only hex beside the
/// Brute (C5) within 3 of the monster (C1) is C4 (floor). A jump pays 1 a hex for what it
/// passes over, in every variant, so Move 3 lands on C4 and attacks. Walking, every way
/// crosses a difficult hex of each row: C4 costs 5 (C2 2, C3 2, C4 1); with Move 3 the
/// walker stops on C2 (3 still to go; B2 and D2 are also 3 short but cost 3 to reach).
#[test]
fn jumping_over_difficult_terrain_in_every_variant() {
    let f = board(
        "
        .   M   .
          .   .
        ~   ~   ~
          ~   ~
        ~   ~   ~
          ~   ~
        .   .   .
          .   .
        .   B   .
          .   .
        .   .   .
          .   .
        ",
        &[],
    );
    let jump = moving(3, Mobility::Jump, melee(1));
    for v in Variant::ALL {
        check(&f, &jump, v, &["B"], &["C4: B"]);
    }
    gh(&f, &plan(Some(3), melee(1)), &["B"], &["C2: -> C4"]);
}

/// Frosthaven counts targets at disadvantage before the length of the path. Range 3,
/// Target 2, Move 1; A (C2) is next to the monster (C3) and the focus, B (C5) 2 away.
/// From C3 both can be shot, A with disadvantage. One step: B2, D2 still touch A, C4
/// touches B; B3 and D3 are 2 from each — both targets, none at disadvantage. So
/// Frosthaven moves to B3 or D3 (as does Gloomhaven, which first sheds disadvantage on
/// the focus). Without a move it shoots both from C3, A with disadvantage; muddled, it
/// does not care and stays.
#[test]
fn frosthaven_fewer_targets_at_disadvantage() {
    let f = board(
        "
        .   .   .
          .   .
        .   A   .
          .   .
        .   M   .
          .   .
        .   .   .
          .   .
        .   B   .
          .   .
        .   .   .
          .   .
        ",
        &[],
    );
    let fh = Variant::Frosthaven;
    let p = plan(Some(1), ranged(3, 2));
    check(&f, &p, fh, &["A"], &["B3: A B", "D3: A B"]);
    gh(&f, &p, &["A"], &["B3: A B", "D3: A B"]);
    check(
        &f,
        &plan(None, ranged(3, 2)),
        fh,
        &["A"],
        &["C3: A B dis A"],
    );
    let mut muddled = p.clone();
    muddled.muddled = true;
    check(&f, &muddled, fh, &["A"], &["C3: A B"]);
}

/// An L of four (`X//X//X/  X`: a line of three with a foot turned one way at its end)
/// laid at range over P (C2), Q (C3), R (C4) and S (B4): the line runs down C2–C4 and
/// the foot leaves C4 the other way from the picture's foot (toward B4, not D4), so only
/// a mirrored L covers all four. R is the nearest (2 hexes from the monster on E5; Q and
/// S 3, P 4) and the focus; one placement hits everyone.
#[test]
fn an_l_needs_its_mirror_at_range() {
    let f = board(
        "
        .   .   .
          .   .   .
        .   P   .
          .   .   .
        .   Q   .
          .   .   .
        .   R   .
          S   .   .
        .   .   M
          .   .   .
        .   .   .
          .   .   .
        ",
        &[],
    );
    gh(
        &f,
        &plan(None, area(3, 1, "X//X//X/  X")),
        &["R"],
        &["E5: R P Q S [C2 C3 B4 C4]"],
    );
}

/// Hazardous terrain (C2, C3) on the straight way from the monster (C1) to the Brute
/// (C5) is walked around like a trap: B4, C4 and D4 beside him are 4 hazard-free steps
/// away (C1 B1 B2 B3 B4; … B3 C4), so Move 4 ends on any of them (players' choice). With
/// Move 3 it could reach C4 over both hazards, but a hazard-free way exists, so it stops
/// one step short instead: B3 (toward B4 or C4) or D3 (toward C4 or D4).
#[test]
fn hazardous_terrain_walked_around() {
    let f = board(
        "
        .   M   .
          .   .
        .   ^   .
          .   .
        .   ^   .
          .   .
        .   .   .
          .   .
        .   B   .
          .   .
        .   .   .
          .   .
        ",
        &[],
    );
    gh(
        &f,
        &plan(Some(4), melee(1)),
        &["B"],
        &["B4: B", "C4: B", "D4: B"],
    );
    gh(
        &f,
        &plan(Some(3), melee(1)),
        &["B"],
        &["B3: -> B4", "B3: -> C4", "D3: -> C4", "D3: -> D4"],
    );
}

/// No disadvantage across a thin wall. An archer (C3, Range 3, Move 1) has the Brute (C4)
/// right below it. Open: it steps to B2, C2 or D2 (2 from him; B3 and D3 still touch
/// him). With a thin wall C3|C4 the two are not "adjacent" for disadvantage, the Brute
/// is 2 away around the wall (C3 B3 C4) and in sight past its end, so it stays and shoots.
#[test]
fn no_disadvantage_across_a_thin_wall() {
    let picture = "
        .   .   .
          .   .
        .   .   .
          .   .
        .   M   .
          .   .
        .   B   .
          .   .
        .   .   .
          .   .
        ";
    let p = plan(Some(1), ranged(3, 1));
    gh(
        &board(picture, &[]),
        &p,
        &["B"],
        &["B2: B", "C2: B", "D2: B"],
    );
    gh(&board(picture, &[("C3", "C4")]), &p, &["B"], &["C3: B"]);
}

/// An ally in the way. The monster (C2) has its ally (C3) right below and the Brute (C4)
/// behind it. A melee line of two (`@//X//X`) lies on C3 and C4 from where it stands and
/// hits only the Brute (allies are never hit). A plain melee attack needs a hex beside
/// the Brute: C3 is the ally's, so B3 or D3, 2 steps each (C2 B2 B3, or through the ally,
/// C2 C3 B3).
#[test]
fn an_area_over_an_ally() {
    let f = board(
        "
        .   .   .
          .   .
        .   M   .
          .   .
        .   m   .
          .   .
        .   B   .
          .   .
        .   .   .
          .   .
        ",
        &[],
    );
    gh(
        &f,
        &plan(Some(2), area(0, 1, "@//X//X")),
        &["B"],
        &["C2: B [C3 C4]"],
    );
    gh(&f, &plan(Some(2), melee(1)), &["B"], &["B3: B", "D3: B"]);
}

/// Every players' choice listed. X (C1), Y (A3) and Z (E3) are each 2 hexes from a
/// monster (C3) that shoots at Range 3 without moving; initiatives are unknown. Each may
/// be the focus, and with Target 2 either of the other two is the second target (equal
/// proximity, no initiative to rank them): six answers. Target 3: everyone, three
/// answers (one per focus).
#[test]
fn every_choice_of_focus_and_second_target() {
    let f = board(
        "
        .   X   .
          .   .
        .   .   .
          .   .
        Y   M   Z
          .   .
        .   .   .
          .   .
        ",
        &[],
    );
    gh(
        &f,
        &plan(None, ranged(3, 2)),
        &["X", "Y", "Z"],
        &[
            "C3: X Y", "C3: X Z", "C3: Y X", "C3: Y Z", "C3: Z X", "C3: Z Y",
        ],
    );
    gh(
        &f,
        &plan(None, ranged(3, 3)),
        &["X", "Y", "Z"],
        &["C3: X Y Z", "C3: Y X Z", "C3: Z X Y"],
    );
}

/// Standing in a doorway. A wall (A3, C3) with an open door at B3 between the monster
/// (B1) and the Brute (B4). The doorway is the nearest hex beside him: Move 2 walks B2,
/// B3 and attacks from the door; Move 1 stops on B2, heading for it.
#[test]
fn standing_in_a_doorway() {
    let f = board(
        "
        .   .
          M
        .   .
          .
        #   #
          /
        .   .
          B
        .   .
          .
        ",
        &[],
    );
    let s = run(&f, &plan(Some(2), melee(1)), Variant::Gloomhaven);
    assert_eq!(s.choices[0].outcomes[0].path, cells(&["B2", "B3"]));
    gh(&f, &plan(Some(2), melee(1)), &["B"], &["B3: B"]);
    gh(&f, &plan(Some(1), melee(1)), &["B"], &["B2: -> B3"]);
}

/// Landing in difficult terrain, per variant. The Brute (C4) can be hit from C3
/// (difficult, 2 hexes from the monster on C1) or from B3 and D3 (floor, 3 hexes). A
/// Gloomhaven jump pays 2 to land on C3, 3 in all, the same as B3 or D3: with Move 3 the
/// players choose among the three. Frosthaven and Jaws of the Lion jumps pay 1 to land:
/// C3 at 2 is best. Walking, C3 costs 3 (C2, then 2 for C3) in every variant, like B3
/// and D3 (C1 B1 B2 B3).
#[test]
fn jump_landing_ties_with_a_longer_floor_hex() {
    let f = board(
        "
        .   M   .
          .   .
        .   .   .
          .   .
        .   ~   .
          .   .
        .   B   .
          .   .
        .   .   .
          .   .
        ",
        &[],
    );
    let jump = moving(3, Mobility::Jump, melee(1));
    gh(&f, &jump, &["B"], &["B3: B", "C3: B", "D3: B"]);
    check(&f, &jump, Variant::Frosthaven, &["B"], &["C3: B"]);
    check(&f, &jump, Variant::JawsOfTheLion, &["B"], &["C3: B"]);
    for v in Variant::ALL {
        check(
            &f,
            &plan(Some(3), melee(1)),
            v,
            &["B"],
            &["B3: B", "C3: B", "D3: B"],
        );
    }
}

/// Proximity outranks initiative. The monster (C3) shoots at Range 4 without moving; A
/// (C1, 2 hexes, initiative 90) and B (C6, 3 hexes, initiative 5) can both be shot from
/// where it stands. Gloomhaven and Frosthaven: A is nearer, the focus despite acting
/// later. Jaws of the Lion skips proximity: B acts first and is the focus.
#[test]
fn proximity_before_initiative() {
    let f = board(
        "
        .   A   .
          .   .
        .   .   .
          .   .
        .   M   .
          .   .
        .   .   .
          .   .
        .   .   .
          .   .
        .   B   .
          .   .
        ",
        &[],
    );
    let table = [("A", 90), ("B", 5)];
    let p = plan(None, ranged(4, 1));
    for (v, want) in [
        (Variant::Gloomhaven, "C3: A"),
        (Variant::Frosthaven, "C3: A"),
        (Variant::JawsOfTheLion, "C3: B"),
    ] {
        let s = solve_with(&f, monster(&f), &p, v, &initiatives(&f, &table));
        assert_eq!(answers(&f, &s), [want], "{v:?}");
    }
}

/// Difficult terrain changes the focus. A (C1) and B (C5) are both 2 hexes from the
/// monster (C3). C2, the hex between it and A, is difficult: A's nearest attack hexes (C2;
/// B1 and D1 round it) cost 2, B's (C4) costs 1, so B is the focus and Move 2 ends on C4.
/// On plain floor both cost 1 and are 2 away: a players' choice, C2 for A or C4 for B.
/// Move 0: it stays, heading for C4.
#[test]
fn difficult_terrain_changes_the_focus() {
    let picture = "
        .   A   .
          .   .
        .   ~   .
          .   .
        .   M   .
          .   .
        .   .   .
          .   .
        .   B   .
          .   .
        .   .   .
          .   .
        ";
    let f = board(picture, &[]);
    gh(&f, &plan(Some(2), melee(1)), &["B"], &["C4: B"]);
    gh(&f, &plan(Some(0), melee(1)), &["B"], &["C3: -> C4"]);
    let floor = board(&picture.replace('~', "."), &[]);
    gh(
        &floor,
        &plan(Some(2), melee(1)),
        &["A", "B"],
        &["C2: A", "C4: B"],
    );
}

/// The second target per variant, initiatives known. Range 3, Target 2, no move, the
/// monster on C3: X (C1) and Y (A3) are 2 hexes away, Z (C6) 3; initiatives X 20, Y 90,
/// Z 10. Gloomhaven: X and Y tie on proximity, X acts first: focus X; the second target
/// is ranked like a focus, Y (nearer) before Z. Frosthaven: the same focus, but the
/// second target is not ranked: Y or Z. Jaws of the Lion skips proximity: Z acts first
/// and is the focus, and X (initiative 20) is the second target.
#[test]
fn second_target_by_variant_with_initiatives() {
    let f = board(
        "
        .   X   .
          .   .
        .   .   .
          .   .
        Y   M   .
          .   .
        .   .   .
          .   .
        .   .   .
          .   .
        .   Z   .
          .   .
        ",
        &[],
    );
    let table = [("X", 20), ("Y", 90), ("Z", 10)];
    let p = plan(None, ranged(3, 2));
    let with = |v: Variant| {
        answers(
            &f,
            &solve_with(&f, monster(&f), &p, v, &initiatives(&f, &table)),
        )
    };
    assert_eq!(with(Variant::Gloomhaven), ["C3: X Y"]);
    assert_eq!(with(Variant::Frosthaven), ["C3: X Y", "C3: X Z"]);
    assert_eq!(with(Variant::JawsOfTheLion), ["C3: Z X"]);
}

/// A flyer may end its move on an obstacle (issue 11, point 3). The Brute (C4) is ringed
/// by obstacles (B3, C3, D3, B4, D4) except C5 below him. The hexes he can be hit from
/// are the five obstacles and C5; from the monster (C1) C3 is 2 steps (C2, C3), B3 and D3
/// are 3, B4 and D4 are 4, C5 is 4 (over C3 and the Brute). So flying with Move 4 or
/// Move 2 it goes C2, C3 and attacks from the obstacle; with Move 1 it takes one step
/// toward C3, to C2 (1 still to go; B1 and D1 are 2 from C3). Walking, C5 is the only
/// hex beside him it may stand on, 7 steps round the obstacles (C2 B2 A3 A4 A5 B5 C5, or
/// the mirror on the E side): with Move 4 it does not attack and heads for C5. (This
/// puzzle used to say a flyer never ends on an obstacle, ending on C5 with Move 4.)
#[test]
fn a_flyer_may_end_on_an_obstacle() {
    let f = board(
        "
        .   M   .
          .   .
        .   .   .
          .   .
        .   o   .
          o   o
        .   B   .
          o   o
        .   .   .
          .   .
        .   .   .
          .   .
        ",
        &[],
    );
    gh(&f, &moving(4, Mobility::Fly, melee(1)), &["B"], &["C3: B"]);
    gh(&f, &moving(2, Mobility::Fly, melee(1)), &["B"], &["C3: B"]);
    gh(
        &f,
        &moving(1, Mobility::Fly, melee(1)),
        &["B"],
        &["C2: -> C3"],
    );
    let s = run(&f, &plan(Some(4), melee(1)), Variant::Gloomhaven);
    assert_eq!(foci(&f, &s), ["B"]);
    assert_eq!(s.choices[0].cost.steps, 7);
    assert!(!s.choices[0].attacks);
    assert!(
        s.choices[0]
            .outcomes
            .iter()
            .all(|o| o.toward == Some(Cell::parse("C5").unwrap()))
    );
}

/// `options` reads the board's initiatives: two characters equally close to the monster
/// (A on E1 and B on E5, the monster on E3) are the players' choice until the board says
/// who acts first; then B, at 20, is the only focus.
#[test]
fn options_breaks_initiative_ties_from_the_board() {
    let mut board = json!({
        "format": 1,
        "grid": {"kind": "hex", "width": 6, "height": 6},
        "creatures": [
            {"id": "M", "side": "monsters", "position": "E3", "hp": 5},
            {"id": "A", "side": "players", "position": "E1", "hp": 10},
            {"id": "B", "side": "players", "position": "E5", "hp": 10},
        ],
    });
    let (code, text, _) = options(
        &board.to_string(),
        &["M", "--move", "2", "--variant", "gloomhaven", "--json"],
    );
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["initiative_unknown"], true, "{text}");
    assert_eq!(v["foci"].as_array().unwrap().len(), 2, "{text}");
    board["initiatives"] = json!({"A": 50, "B": 20});
    let (code, text, _) = options(
        &board.to_string(),
        &["M", "--move", "2", "--variant", "gloomhaven", "--json"],
    );
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["initiative_unknown"], false, "{text}");
    let foci: Vec<&str> = v["foci"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["focus"].as_str().unwrap())
        .collect();
    assert_eq!(foci, ["B"], "{text}");
}

// ---------------------------------------------------------------------------------------
// Issue 11: rules exactness.

/// Neighbours always see each other (issue 11, point 5). A corridor one hex wide runs
/// down column C; the monster (M, C2) and the Tinkerer (T, C3) are neighbours in it.
/// Every corner of C2 and of C3 touches a wall hex of columns B or D, so by the strict
/// corner-to-corner rule no line joins them; but two neighbouring figures with no wall
/// between them can always attack each other, under every variant. So T is the focus and
/// M attacks him from where it stands (C2, 0 steps; C1 is farther and not beside him).
/// A thin wall across the corridor between C2 and C3 cuts them apart: T can then be
/// attacked from nowhere (C4 lies beyond the thin wall too), so there is no focus.
#[test]
fn neighbours_in_a_corridor_always_see_each_other() {
    use monster_ai_core::grid::sight::{HexSight, line_of_sight};
    let picture = "
        #   .   #
          #   #
        #   M   #
          #   #
        #   T   #
          #   #
        #   .   #
          #   #
        ";
    let f = board(picture, &[]);
    let (c2, c3) = (Cell::parse("C2").unwrap(), Cell::parse("C3").unwrap());
    assert!(!line_of_sight(&f.map, c2, c3, HexSight::CornerToCorner));
    for v in Variant::ALL {
        check(&f, &plan(Some(2), melee(1)), v, &["T"], &["C2: T"]);
    }
    let f = board(picture, &[("C2", "C3")]);
    for v in Variant::ALL {
        check(&f, &plan(Some(2), melee(1)), v, &[], &[]);
    }
}

/// Range 1 is a ranged attack (issue 11, point 2). The monster (M, C2) stands beside the
/// Tinkerer (T, C3); Move 2.
/// - Melee (no range): it stays and attacks him, no disadvantage.
/// - Range 1: it can only hit him from a hex next to him (range 1), and every such hex
///   is next to him, so disadvantage cannot be shed; of the hexes beside him its own is
///   the shortest way (0 steps), so it stays and attacks with disadvantage.
/// - Range 2: it steps back one hex to B1, C1 or D1 (2 from him; B2 and D2 still touch
///   him) and shoots without disadvantage.
///
/// `options` says which: `--melee` is "melee attack", `--range 1` "ranged attack,
/// range 1", and the outcome lists the disadvantage.
#[test]
fn range_one_is_ranged_and_has_disadvantage_next_to_its_target() {
    let picture = "
        .   .   .
          .   .
        .   M   .
          .   .
        .   T   .
          .   .
        .   .   .
          .   .
        ";
    let f = board(picture, &[]);
    for v in Variant::ALL {
        check(&f, &plan(Some(2), melee(1)), v, &["T"], &["C2: T"]);
        check(
            &f,
            &plan(Some(2), ranged(1, 1)),
            v,
            &["T"],
            &["C2: T dis T"],
        );
        check(
            &f,
            &plan(Some(2), ranged(2, 1)),
            v,
            &["T"],
            &["B1: T", "C1: T", "D1: T"],
        );
    }
    let board = json!({
        "format": 1,
        "grid": {"kind": "hex", "width": 5, "height": 4},
        "creatures": [
            {"id": "M", "side": "monsters", "position": "C2", "hp": 5},
            {"id": "T", "side": "players", "position": "C3", "hp": 10},
        ],
    })
    .to_string();
    let (code, text, _) = options(&board, &["M", "--move", "2", "--melee"]);
    assert_eq!(code, 0);
    assert!(text.contains("move 2; melee attack"), "{text}");
    assert!(text.contains("stay on C2, attack T\n"), "{text}");
    let (code, text, _) = options(&board, &["M", "--move", "2", "--range", "1"]);
    assert_eq!(code, 0);
    assert!(text.contains("move 2; ranged attack, range 1"), "{text}");
    assert!(
        text.contains("stay on C2, attack T (disadvantage against T)"),
        "{text}"
    );
    // A monster without a range of its own attacks in melee by default.
    let (code, text, _) = options(&board, &["M", "--move", "2"]);
    assert_eq!(code, 0);
    assert!(text.contains("melee attack"), "{text}");
    let (code, _, err) = options(&board, &["M", "--melee", "--range", "2"]);
    assert_eq!(code, 2, "{err}");
}

/// A range-1 area is a ranged area (issue 11, point 2). The monster (M, C2) stands
/// beside the Tinkerer (T, C3), Move 2; the area is a line of two hexes (`X//X`), laid
/// in any rotation.
///
/// Neighbours: C2 touches C1, C3, B1, B2, D1, D2; C3 touches C2, C4, B2, B3, D2, D3.
///
/// - Melee area (no range): one of its hexes must touch the monster. From C2 every line
///   of two through C3 that leaves out C2 will do, with no disadvantage: C3 with C4, B2,
///   B3, D2 or D3 (five placements, all hitting T alone).
/// - Range 1: one of its hexes must be within range 1, and T is hit with disadvantage
///   from any hex next to him. The nearest hexes 2 from him are C1, B1 and D1 (1 step
///   each; nothing is reachable in 0 steps without disadvantage). From C1 the only hex
///   next to both C1 and C3 is C2, so the area is C2 C3. From B1: B2 or C2 with C3.
///   From D1: C2 or D2 with C3. Five answers, none at disadvantage.
#[test]
fn a_range_one_area_is_placed_as_a_ranged_area() {
    let f = board(
        "
        .   .   .
          .   .
        .   M   .
          .   .
        .   T   .
          .   .
        .   .   .
          .   .
        ",
        &[],
    );
    gh(
        &f,
        &plan(Some(2), area(0, 1, "X//X")),
        &["T"],
        &[
            "C2: T [C3 C4]",
            "C2: T [B2 C3]",
            "C2: T [B3 C3]",
            "C2: T [D2 C3]",
            "C2: T [C3 D3]",
        ],
    );
    gh(
        &f,
        &plan(Some(2), area(1, 1, "X//X")),
        &["T"],
        &[
            "C1: T [C2 C3]",
            "B1: T [B2 C3]",
            "B1: T [C2 C3]",
            "D1: T [D2 C3]",
            "D1: T [C2 C3]",
        ],
    );
}

/// A flyer that teleports may land on obstacles and traps (issue 11, point 3). A wall
/// (row 2, and rows 5 on) cuts the monster (C1) off from the Brute (C4). Next to him:
/// C3 and D3 (obstacles), B3 (a trap), the rest walls. Teleporting counts hexes straight,
/// walls and all: C3 is 2 from C1, B3 and D3 are 3.
/// - Teleport, not flying, Move 3: it cannot land on an obstacle, so only B3 is left; no
///   trap-free hex exists, so it lands on the trap (1 negative hex) and attacks.
/// - Teleport, flying, Move 3: all three may be landed on and none counts as negative
///   (the trap does not touch a flyer); C3 is the nearest (2), so it lands there.
#[test]
fn a_flying_teleporter_lands_on_obstacles_and_traps() {
    let f = board(
        "
        .   M   .
          .   .
        #   #   #
          #   #
        .   o   .
          x   o
        .   B   .
          #   #
        #   #   #
          #   #
        ",
        &[],
    );
    let teleport = moving(3, Mobility::Teleport, melee(1));
    let s = run(&f, &teleport, Variant::Gloomhaven);
    assert_eq!(s.choices[0].outcomes[0].cost.avoided, 1);
    gh(&f, &teleport, &["B"], &["B3: B"]);
    let flyer = Plan {
        flying: true,
        ..teleport
    };
    let s = run(&f, &flyer, Variant::Gloomhaven);
    assert_eq!(s.choices[0].outcomes[0].cost.avoided, 0);
    gh(&f, &flyer, &["B"], &["C3: B"]);
}

/// The hex of a ranged area that lies within range must be one range can be counted to,
/// never a wall (issue 11, point 4). The area is a line of two (`X//X`), Range 1; the
/// Tinkerer (T, C1) stands beside a wall (D1); the monster is on E1.
///
/// Neighbours of C1: B1, C2, D1 (wall). E1 touches only D1 (wall), F1 and E2. From E1
/// the hexes within range 1 are E2 and F1, neither next to C1, so no line of two over T
/// has a hex within range: the line C1 D1 would, counted through the wall, but that is
/// not range. T can be hit from hexes next to B1 or C2 (the line C1 B1 or C1 C2), or next
/// to C1 itself (with disadvantage). D2, two steps away (E2, D2), is next to C2 and not
/// to C1: the nearest, and the only one at 2 (E3, F2 and G1 touch neither B1 nor C2).
/// - Move 2: it walks E2, D2 and lays the area on C1 C2.
/// - No move: it cannot attack T this turn (its cheapest attack hex is 2 steps away)
///   and stays, heading for D2.
#[test]
fn a_ranged_area_is_never_in_range_through_a_wall() {
    let f = board(
        "
        .   T   M
          .   #
        .   .   .
          .   .
        .   .   .
          .   .
        ",
        &[],
    );
    let p = plan(Some(2), area(1, 1, "X//X"));
    let s = run(&f, &p, Variant::Gloomhaven);
    assert_eq!(s.choices[0].cost.steps, 2);
    gh(&f, &p, &["T"], &["D2: T [C1 C2]"]);
    let still = plan(None, area(1, 1, "X//X"));
    let s = run(&f, &still, Variant::Gloomhaven);
    assert!(!s.choices[0].attacks);
    gh(&f, &still, &["T"], &["E1: -> D2"]);
}

// ---------------------------------------------------------------------------------------
// Issue 11, point 1: whom to attack first, then where from.

/// The board of the two-pass puzzles. The monster (M, A1) has a ranged attack, Range 2,
/// Target 2; the Tinkerer (T, C5) and the Spellweaver (S, C7) stand two apart; A6 is an
/// obstacle. Open floor elsewhere, so range and sight are plain hex distance.
///
/// T is the focus: the nearest hexes T can be attacked from (A4, B3, C3) are 3 steps
/// away; S needs 5. The hexes within 2 of both: B5, C6 and D5 (next to T, so disadvantage
/// against the focus), b (B6) and d (D6), each next to S, and e (E6), 2 from each (A6,
/// the other one, is an obstacle). From M: B5 is 5 steps (B1 … B5), B6, C6 and D5 are 6,
/// D6 and E6 are 7 (E6 by B1 C2 D2 E3 E4 E5 E6).
const TWO_PASS: &str = "
        M   .   .
          .   .   .
        .   .   .
          .   .   .
        .   .   .
          .   .   .
        .   .   .
          .   .   .
        .   T   .
          .   .   .
        o   .   e
          b   d   .
        .   S   .
          .   .   .
        .   .   .
          .   .   .
        .   .   .
          .   .   .
        ";

/// Whom first, then where from (issue 11, point 1), Move 7. Pass one: the best group is T
/// and S together (two targets, no disadvantage against the focus), first reached at B6
/// (6 steps), next to S. Pass two, among every hex from which exactly T and S are
/// attacked this turn without disadvantage against T: B6 (S at disadvantage, 6), D6 (S at
/// disadvantage, 7), E6 (none, 7). Fewest targets at disadvantage first: E6. Gloomhaven
/// and Jaws of the Lion by the two passes; Frosthaven, which counts targets at
/// disadvantage before the path in its one pass, also takes E6. The single pass used
/// before stopped at B6 (shorter path before fewer secondaries at disadvantage).
#[test]
fn two_pass_walks_farther_to_spare_a_secondary_target_disadvantage() {
    let f = board(TWO_PASS, &[]);
    for v in Variant::ALL {
        check(&f, &plan(Some(7), ranged(2, 2)), v, &["T"], &["E6: T S"]);
    }
}

/// The same board with Move 6: E6 and D6 are beyond this turn's move. Gloomhaven and
/// Jaws of the Lion: B6 is the only hex within it that hits both without disadvantage
/// against T, and pass two only compares hexes alike on this turn's reach, so the
/// monster attacks both from B6, S at disadvantage (it gives up neither this turn's
/// attack nor the second target to shed it). Frosthaven does not put the focus's
/// disadvantage first: every hex hitting both this turn (B5, B6, C6, D5) has one or two
/// targets at disadvantage, and of those with one, B5 (T) is the nearest, 5 steps.
#[test]
fn two_pass_keeps_this_turns_attack_over_a_cleaner_hex_out_of_reach() {
    let f = board(TWO_PASS, &[]);
    let p = plan(Some(6), ranged(2, 2));
    for v in [Variant::Gloomhaven, Variant::JawsOfTheLion] {
        check(&f, &p, v, &["T"], &["B6: T S dis S"]);
    }
    check(&f, &p, Variant::Frosthaven, &["T"], &["B5: T S dis T"]);
}

/// The same board with Move 2: T cannot be attacked this turn (3 steps at least), so
/// both passes look at hexes out of reach alike. Gloomhaven and Jaws of the Lion head for
/// the hex pass two picks, E6, 7 away, although B6 is nearer: of the hexes within 2
/// steps, A3, B2 and C2 are 5 from E6 (C1, A2, B1 are 6; staying, 7), each by a free way
/// (A3 B3 C4 D4 E5 E6; B2 C3 D3 E4 E5 E6; C2 D2 E3 E4 E5 E6).
/// Frosthaven heads for the nearest hexes T can be attacked from, A4, B3 and C3 (3
/// steps each): toward C3, B2 and C2 (1 short); toward B3, A3 and B2; toward A4, A3.
#[test]
fn two_pass_heads_for_the_farther_hex_when_it_cannot_attack_this_turn() {
    let f = board(TWO_PASS, &[]);
    let p = plan(Some(2), ranged(2, 2));
    for v in [Variant::Gloomhaven, Variant::JawsOfTheLion] {
        check(&f, &p, v, &["T"], &["A3: -> E6", "B2: -> E6", "C2: -> E6"]);
    }
    check(
        &f,
        &p,
        Variant::Frosthaven,
        &["T"],
        &[
            "A3: -> A4",
            "A3: -> B3",
            "B2: -> B3",
            "B2: -> C3",
            "C2: -> C3",
        ],
    );
}

/// The same board, Move 7, the monster muddled: it attacks with disadvantage anyway, so
/// no hex sheds any (not even against the focus) and the shortest path to both wins:
/// B5, 5 steps, in every variant (no disadvantage is listed: it comes from the muddle,
/// not from the hex).
#[test]
fn two_pass_a_muddled_monster_takes_the_nearest_hex() {
    let f = board(TWO_PASS, &[]);
    let p = Plan {
        muddled: true,
        ..plan(Some(7), ranged(2, 2))
    };
    for v in Variant::ALL {
        check(&f, &p, v, &["T"], &["B5: T S"]);
    }
}
