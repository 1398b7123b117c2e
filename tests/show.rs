//! `show` end to end: the SVG picture is well-formed XML with one element per creature
//! (square and hex boards, walked paths drawn), the text map is stable and never changes
//! the board, and the completion script and manual page are generated.

use crate::common::{Table, goblins, monster, player};
use serde_json::{Value, json};
use std::fs;

pub(crate) fn svg_of(table: &Table, extra: &[&str]) -> String {
    let g = goblins();
    let mut args = vec!["show", g.as_str(), "board.json", "--svg", "map.svg"];
    args.extend_from_slice(extra);
    let r = table.run(&args);
    assert_eq!(r.code, 0, "show failed: {}", r.stderr);
    fs::read_to_string(table.dir.join("map.svg")).unwrap()
}

/// The ids of the `creature` groups in the picture, in document order.
fn creature_ids(svg: &str) -> Vec<String> {
    let doc = roxmltree::Document::parse(svg).expect("the SVG is well-formed XML");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    doc.descendants()
        .filter(|n| {
            n.attribute("class")
                .is_some_and(|c| c.split(' ').any(|w| w == "creature"))
        })
        .map(|n| n.attribute("id").unwrap().to_string())
        .collect()
}

fn square_board() -> Value {
    crate::common::board_with(
        "
        # # # # # #
        # a . . w #
        # . ~ ^ . #
        # b . . g #
        # # # # # #",
        &[
            ('a', player("aria", 20, 14)),
            ('b', player("b<&>\"rin", 18, 12)),
            ('w', monster("warg-1", "Warg")),
            ('g', monster("warrior-1", "Goblin Warrior")),
        ],
        json!({
            "thin_walls": [["C2", "D2"], ["C3", "C4"]],
            "traps": [{ "cell": "D4", "side": "players", "damage": "1d4" }],
            "fires": [{ "cell": "E3", "rounds_left": 2 }]
        }),
    )
}

fn hex_board() -> Value {
    let mut b = square_board();
    b["grid"]["kind"] = json!("hex");
    b
}

#[test]
fn square_svg_has_one_element_per_creature() {
    let t = Table::new("show-svg-square", &square_board());
    let svg = svg_of(&t, &[]);
    assert_eq!(
        creature_ids(&svg),
        // Board order: the picture is read row by row.
        [
            "creature-aria",
            "creature-warg-1",
            "creature-b<&>\"rin",
            "creature-warrior-1"
        ]
    );
    assert!(svg.contains(r#"class="thin-walls""#));
    assert!(svg.contains(r#"class="trap""#));
    assert!(svg.contains(r#"class="fire""#));
    // Square cells: four corners each.
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let cells = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("cells"))
        .unwrap();
    let polys: Vec<_> = cells.children().filter(|n| n.is_element()).collect();
    assert_eq!(polys.len(), 6 * 5);
    assert!(
        polys
            .iter()
            .all(|p| p.attribute("points").unwrap().split(' ').count() == 4)
    );
}

#[test]
fn hex_svg_draws_hexes_and_creatures() {
    let t = Table::new("show-svg-hex", &hex_board());
    let svg = svg_of(&t, &[]);
    assert_eq!(creature_ids(&svg).len(), 4);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let cells = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("cells"))
        .unwrap();
    assert!(
        cells.children().filter(|n| n.is_element()).all(|p| p
            .attribute("points")
            .unwrap()
            .split(' ')
            .count()
            == 6)
    );
}

#[test]
fn svg_is_byte_stable_and_the_board_is_untouched() {
    let t = Table::new("show-svg-stable", &square_board());
    let before = fs::read(t.dir.join("board.json")).unwrap();
    let first = svg_of(&t, &[]);
    let second = svg_of(&t, &[]);
    assert_eq!(first, second);
    assert_eq!(fs::read(t.dir.join("board.json")).unwrap(), before);
    assert!(!t.dir.join("board.json.lock").exists());
}

#[test]
fn walked_paths_are_drawn_from_turn_events() {
    let t = Table::new("show-svg-paths", &square_board());
    let g = goblins();
    let r = t.run(&["turn", g.as_str(), "board.json", "--json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let moves = crate::common::events(&r.stdout)
        .into_iter()
        .filter(|e| e["event"] == "move" && !e["path"].as_array().unwrap().is_empty())
        .count();
    assert!(moves > 0, "the turn should move someone");
    fs::write(t.dir.join("events.json"), &r.stdout).unwrap();
    let svg = svg_of(&t, &["--paths", "events.json"]);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let lines: Vec<_> = doc
        .descendants()
        .filter(|n| n.tag_name().name() == "polyline")
        .collect();
    // Walks are solid; blows (an attack's attacker to its target) are dashed.
    let (blows, walks): (Vec<&roxmltree::Node>, Vec<&roxmltree::Node>) = lines
        .iter()
        .partition(|l| l.attribute("stroke-dasharray").is_some());
    assert_eq!(walks.len(), moves);
    let attackers: Vec<String> = crate::common::events(&r.stdout)
        .into_iter()
        .filter(|e| e["event"] == "attack")
        .map(|e| e["attacker"].as_str().unwrap().to_string())
        .collect();
    assert!(blows.iter().all(|b| {
        let title = b.descendants().find(|t| t.has_tag_name("title")).unwrap();
        let who = title.text().unwrap().split(' ').next().unwrap();
        attackers.iter().any(|a| a == who)
    }));
    assert!(lines.iter().all(|l| {
        l.attribute("marker-end")
            .unwrap()
            .starts_with("url(#arrow-")
    }));
}

#[test]
fn paths_from_another_board_are_refused() {
    let t = Table::new("show-svg-bad-paths", &square_board());
    fs::write(
        t.dir.join("events.json"),
        r#"{"events":[{"event":"move","creature":"aria","from":"B2","to":"Z9","path":["Z9"]}]}"#,
    )
    .unwrap();
    let g = goblins();
    let r = t.run(&[
        "show",
        g.as_str(),
        "board.json",
        "--svg",
        "map.svg",
        "--paths",
        "events.json",
    ]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("Z9 is not on this board"), "{}", r.stderr);
    assert!(!t.dir.join("map.svg").exists());
}

#[test]
fn text_map_uses_narration_cell_names_and_lists_every_creature() {
    let t = Table::new("show-text", &square_board());
    let g = goblins();
    let r = t.run(&["show", g.as_str(), "board.json", "--ascii"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().collect();
    // The title, then where the round stands: no turn order dealt yet.
    assert_eq!(lines[1], "Next: `next` deals this round's turn order.");
    assert_eq!(
        lines[2].split_whitespace().collect::<Vec<_>>(),
        ["A", "B", "C", "D", "E", "F"]
    );
    // Row 2: wall, then aria in B2.
    assert!(lines[6].starts_with("2 |##|Ar|"), "{}", lines[6]);
    for id in ["aria", "warg-1", "warrior-1"] {
        assert!(r.stdout.contains(id));
    }
    assert!(!r.stdout.contains('\u{1b}'), "no colour without a terminal");
    let forced = t.run(&["show", g.as_str(), "board.json", "--color", "always"]);
    assert!(forced.stdout.contains('\u{1b}'), "--color always colours");
}

#[test]
fn show_reads_the_board_monster_file() {
    let mut b = square_board();
    b["monster_file"] = json!(goblins());
    let t = Table::new("show-scheme-file", &b);
    let r = t.run(&["show", "board.json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.contains("Goblin Warrior"));
}

#[test]
fn completions_and_manual_page_mention_the_commands() {
    let t = Table::new("show-completions", &json!({}));
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let r = t.run(&["completions", shell]);
        assert_eq!(r.code, 0, "{shell}: {}", r.stderr);
        assert!(r.stdout.contains("turn"), "{shell}");
        assert!(r.stdout.contains("show"), "{shell}");
    }
    let r = t.run(&["manpage"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(
        r.stdout.starts_with(".ie") || r.stdout.starts_with(".TH"),
        "{}",
        &r.stdout[..40]
    );
    assert!(r.stdout.contains(".TH monster-ai"));
    assert!(r.stdout.contains("turn"));
    assert!(r.stdout.contains(r#".SH "MONSTER\-AI TURN""#));
    assert!(r.stdout.contains(r"\-\-dry\-run"));
    for section in ["EXAMPLES", "EXIT STATUS", "ENVIRONMENT"] {
        assert!(
            r.stdout.contains(&format!(".SH \"{section}\"")),
            "{section}"
        );
    }
    assert!(r.stdout.contains("NO_COLOR"));
    assert!(
        !r.stdout.contains("monster\\-ai\\-turn(1)"),
        "no pages that do not exist"
    );
    assert!(!r.stdout.contains(".SH EXTRA"));
    // --help states the exit codes too.
    let r = t.run(&["--help"]);
    assert!(
        r.stdout.contains("Exit status:\n  0  success"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("2  bad input"));
}

/// After `next` opens a character's turn, `show` and `next --json` say whose turn it is and
/// which card comes next. The deck is laid out by hand: aria (no display name, so her id),
/// then the Wargs, then b<&>"rin.
#[test]
fn the_open_turn_and_the_next_card_are_shown() {
    let mut b = square_board();
    b["monster_file"] = json!(goblins());
    b["turn_order"] = json!(["aria", "Warg", "b<&>\"rin"]);
    let t = Table::new("show-turn", &b);
    let r = t.run(&["next", "board.json", "--json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let doc: Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(
        doc["turn"],
        json!({"round": 1, "acting": "aria",
               "next": {"kind": "card", "card": "Warg", "position": 2, "size": 3}})
    );
    let r = t.run(&["show", "board.json", "--ascii"]);
    assert_eq!(
        r.stdout.lines().nth(1),
        Some("aria's turn is open. Next: Warg, card 2 of 3.")
    );
    // Other commands' documents carry no `turn`.
    let r = t.run(&["gold", "board.json", "aria", "1", "--json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let doc: Value = serde_json::from_str(&r.stdout).unwrap();
    assert!(doc.get("turn").is_none());
}

/// An elite wears a gold ring in the picture, and the key says what the ring means
/// (the crypt's Grave Warden 1 is an elite; without an elite the key leaves it out).
#[test]
fn the_svg_key_explains_the_elites_gold_ring() {
    let dir = crate::common::temp_dir("svg-elite-key");
    let svg = dir.join("crypt.svg");
    let r = crate::common::run_in(
        &crate::common::repo(),
        &[
            "show",
            "scenarios/crypt-gate.json",
            "--svg",
            svg.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.contains("elite (gold ring)"), "the key names the ring");
    assert!(
        text.contains(r##"stroke="#d4a017""##),
        "an elite's disc has the ring"
    );
    let r = crate::common::run_in(
        &crate::common::repo(),
        &[
            "show",
            "scenarios/goblin-ambush.json",
            "--svg",
            svg.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(!text.contains("gold ring"), "no elite, no ring in the key");
}
