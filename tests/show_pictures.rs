//! `show` after the last command, as a player reads it: a finished fight says who won and
//! in which round (text, SVG title; the JSON and `--ascii` forms are pinned in the golden
//! files `show-fight-*`); the picture draws each creature's paths and blows in its own
//! colour, keyed, solid arrowheads for blows that landed and hollow ones for misses, the
//! fallen faded with a cross where they fell; every health label stays inside its
//! creature's cells or moves to the key; `--svg FILE` says where it wrote the picture.

use crate::common::{Table, goblins, monster, player};
use serde_json::{Value, json};
use std::collections::{BTreeMap, BTreeSet};
use std::fs;

/// ```text
///     A   B   C   D
/// 1   #   Ar  .   #
/// 2   .   .   .   1G
/// ```
/// Aria (12/20) on B1, Goblin Warrior 1 (7/7) on D2, round 3.
fn well() -> Value {
    let mut b = crate::common::board_with(
        "
        # a . #
        . . . w",
        &[
            ('a', player("aria", 20, 14)),
            (
                'w',
                named(monster("warrior-1", "Goblin Warrior"), "Goblin Warrior 1"),
            ),
        ],
        json!({ "round": 3, "name": "The well" }),
    );
    b["creatures"][0]["name"] = json!("Aria");
    b["creatures"][0]["hp"] = json!(12);
    b
}

/// Aria deals the goblin its 7 HP: it falls.
fn aria_fells_the_goblin(t: &Table) {
    let g = goblins();
    let r = t.run(&[
        "hit",
        "board.json",
        "warrior-1",
        "7",
        "--by",
        "aria",
        "--monsters",
        g.as_str(),
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
}

/// `show` (the shipped goblins) `board.json --svg map.svg` and `extra`: the picture.
fn svg(t: &Table, extra: &[&str]) -> String {
    crate::show::svg_of(t, extra)
}

fn title(svg: &str) -> String {
    let doc = roxmltree::Document::parse(svg).unwrap();
    doc.descendants()
        .find(|n| n.has_tag_name("title"))
        .and_then(|n| n.text())
        .unwrap()
        .to_string()
}

/// The goblin falls to Aria's 7 damage (7 HP): the heroes won in round 3, and `show`
/// says so in its second line and the picture's title. Then, on a copy, Aria takes 12
/// (12 HP) instead: the monsters won.
#[test]
fn after_the_last_blow_show_says_who_won_and_when() {
    let g = goblins();
    let t = Table::new("show-won", &well());
    let under_way = t.run(&["show", g.as_str(), "board.json"]);
    assert_eq!(
        under_way.stdout.lines().nth(1),
        Some("Next: `next` deals this round's turn order.")
    );
    aria_fells_the_goblin(&t);
    let shown = t.run(&["show", g.as_str(), "board.json"]);
    assert_eq!(
        shown.stdout.lines().take(2).collect::<Vec<_>>(),
        [
            "The well (round 3)",
            "The fight is over: the heroes won in round 3 (no monsters are left)."
        ]
    );
    assert_eq!(
        title(&svg(&t, &[])),
        "The well: the heroes won in round 3 (no monsters are left)"
    );
    let json = t.run(&["show", g.as_str(), "board.json", "--json"]);
    let doc: Value = serde_json::from_str(&json.stdout).unwrap();
    assert_eq!(doc["turn"], Value::Null);
    assert_eq!(doc["over"]["winner"], "players");
    assert_eq!(doc["over"]["round"], 3);

    let t = Table::new("show-lost", &well());
    let r = t.run(&["hit", "board.json", "aria", "12", "--monsters", g.as_str()]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let shown = t.run(&["show", g.as_str(), "board.json", "--ascii"]);
    assert_eq!(
        shown.stdout.lines().nth(1),
        Some("The fight is over: the monsters won in round 3 (no heroes are left).")
    );
}

/// `show --svg FILE` writes the picture and says so instead of printing the map; `--map`
/// prints the map as before; `--map` without `--svg` is refused as bad usage.
#[test]
fn svg_to_a_file_says_where_it_went() {
    let g = goblins();
    let t = Table::new("show-svg-wrote", &well());
    let r = t.run(&["show", g.as_str(), "board.json", "--svg", "map.svg"]);
    assert_eq!(
        (r.code, r.stdout.as_str()),
        (0, "Wrote the picture to map.svg.\n")
    );
    assert!(
        fs::read_to_string(t.dir.join("map.svg"))
            .unwrap()
            .contains("<svg")
    );
    let map = t.run(&["show", g.as_str(), "board.json"]);
    let both = t.run(&[
        "show",
        g.as_str(),
        "board.json",
        "--svg",
        "two.svg",
        "--map",
    ]);
    assert_eq!((both.code, &both.stdout), (0, &map.stdout));
    assert!(t.dir.join("two.svg").exists());
    let bad = t.run(&["show", g.as_str(), "board.json", "--map"]);
    assert_eq!(bad.code, 2, "{}", bad.stderr);
    let both = t.run(&["show", g.as_str(), "board.json", "--svg", "-", "--map"]);
    assert_eq!(both.code, 2);
    assert!(
        both.stderr
            .contains("`--svg -` and `--map` would both write to standard output"),
        "{}",
        both.stderr
    );
}

/// A command's events, worked by hand on this board (after the command):
///
/// ```text
///     A    B    C    D    E    F
/// 1   Ar   1W   .    .    .    .      Warg 1 walked F1 E1 D1 C1 B1 and bit Aria: hit.
/// 2   x    .    .    .    .    .      Cole fell on A2 (the cross).
/// 3   Bo   2W   .    .    .    .      Warg 2 walked F3 … B3, snapped at Bo: missed,
///                                     then at Cole on A2: hit, and Cole fell.
/// ```
///
/// Two creatures drawn walking and striking: two colours, different, each keyed; Warg 1's
/// walk and blow share its colour, as do Warg 2's. Cole, who only fell, has the fallen
/// mark (keyed once) and no colour.
fn fight_of_three() -> (Value, Value) {
    let board = crate::common::board_with(
        "
        a w . . . .
        . . . . . .
        b v . . . .",
        &[
            ('a', player("aria", 20, 14)),
            ('b', player("bo", 20, 14)),
            ('w', named(monster("warg-1", "Warg"), "Warg 1")),
            ('v', named(monster("warg-2", "Warg"), "Warg 2")),
        ],
        json!({ "fallen": [ { "round": 1, "creature":
            { "id": "cole", "name": "Cole", "side": "players", "position": "A2", "hp": 0 } } ] }),
    );
    let events = json!({ "events": [
        { "event": "move", "creature": "warg-1", "from": "F1", "to": "B1",
          "path": ["E1", "D1", "C1", "B1"], "cause": "walk" },
        { "event": "attack", "attacker": "warg-1", "target": "aria", "hit": true },
        { "event": "move", "creature": "warg-2", "from": "F3", "to": "B3",
          "path": ["E3", "D3", "C3", "B3"], "cause": "walk" },
        { "event": "attack", "attacker": "warg-2", "target": "bo", "hit": false },
        { "event": "attack", "attacker": "warg-2", "target": "cole", "hit": true },
        { "event": "died", "creature": "cole", "name": "Cole", "cell": "A2" }
    ]});
    (board, events)
}

fn named(mut creature: Value, name: &str) -> Value {
    creature["name"] = json!(name);
    creature
}

fn attr<'a>(n: roxmltree::Node<'a, 'a>, name: &str) -> &'a str {
    n.attribute(name).unwrap_or_default()
}

fn has_class(n: roxmltree::Node, word: &str) -> bool {
    n.attribute("class")
        .is_some_and(|c| c.split(' ').any(|w| w == word))
}

#[test]
fn each_creature_has_its_colour_and_blows_show_hits_misses_and_the_fallen() {
    let (board, events) = fight_of_three();
    let t = Table::new("show-colours", &board);
    fs::write(t.dir.join("events.json"), events.to_string()).unwrap();
    let text = svg(&t, &["--paths", "events.json"]);
    let doc = roxmltree::Document::parse(&text).unwrap();
    let lines: Vec<_> = doc
        .descendants()
        .filter(|n| n.has_tag_name("polyline"))
        .collect();
    // Two walks and three blows, each in its creature's one colour.
    assert_eq!(lines.len(), 5);
    let mut colour_of: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for l in &lines {
        colour_of
            .entry(attr(*l, "data-creature"))
            .or_default()
            .insert(attr(*l, "stroke"));
    }
    assert_eq!(
        colour_of.keys().copied().collect::<Vec<_>>(),
        ["warg-1", "warg-2"]
    );
    assert!(colour_of.values().all(|c| c.len() == 1), "{colour_of:?}");
    // The key: one entry per creature with lines drawn (the two Wargs), each in its own
    // colour, the same as its lines.
    let key: Vec<_> = doc
        .descendants()
        .filter(|n| has_class(*n, "path-key-entry") && n.attribute("data-creature").is_some())
        .collect();
    let keyed: Vec<(&str, &str, String)> = key
        .iter()
        .map(|k| {
            let line = k.descendants().find(|n| n.has_tag_name("line")).unwrap();
            let words = k.descendants().find(|n| n.has_tag_name("text")).unwrap();
            (
                attr(*k, "data-creature"),
                attr(line, "stroke"),
                words.text().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(
        keyed
            .iter()
            .map(|k| (k.0, k.2.as_str()))
            .collect::<Vec<_>>(),
        [("warg-1", "1W Warg 1"), ("warg-2", "2W Warg 2")]
    );
    let distinct: BTreeSet<&str> = keyed.iter().map(|k| k.1).collect();
    assert_eq!(
        distinct.len(),
        2,
        "every creature drawn has a colour of its own"
    );
    for (id, colour, _) in &keyed {
        assert_eq!(colour_of[id].iter().next().unwrap(), colour, "{id}");
    }
    // Hits end in a solid head, the miss in a hollow one of the same colour.
    let marker = |id: &str| {
        doc.descendants()
            .find(|n| n.has_tag_name("marker") && n.attribute("id") == Some(id))
            .and_then(|m| m.children().find(|c| c.has_tag_name("path")))
            .unwrap()
    };
    let blows: Vec<(&str, bool, &str)> = lines
        .iter()
        .filter(|l| has_class(**l, "blow"))
        .map(|l| {
            (
                attr(*l, "data-creature"),
                has_class(*l, "miss"),
                attr(*l, "marker-end"),
            )
        })
        .collect();
    assert_eq!(blows.len(), 3);
    for (who, missed, end) in &blows {
        let id = end.trim_start_matches("url(#").trim_end_matches(')');
        let head = marker(id);
        let colour = *colour_of[who].iter().next().unwrap();
        if *missed {
            assert_eq!(
                (attr(head, "fill"), attr(head, "stroke")),
                ("#ffffff", colour)
            );
        } else {
            assert_eq!(attr(head, "fill"), colour);
        }
    }
    assert_eq!(
        blows.iter().map(|b| (b.0, b.1)).collect::<Vec<_>>(),
        [("warg-1", false), ("warg-2", true), ("warg-2", false)]
    );
    // The key explains both heads and the fallen mark.
    for class in ["hit", "miss", "fell"] {
        assert!(
            key.iter().all(|k| !has_class(*k, class))
                && doc
                    .descendants()
                    .any(|n| has_class(n, "path-key-entry") && has_class(n, class)),
            "the key shows `{class}`"
        );
    }
    // Cole is drawn faded on A2 (centre 36 + 24, 56 + 48 + 24), crossed, with "Co fell"
    // under the disc, and the blow that felled him (from B3's centre, 108,176) stops 15
    // short of that centre: 60 + 15/√2 = 70.61 on both axes.
    let fell = doc
        .descendants()
        .find(|n| n.attribute("id") == Some("fallen-cole"))
        .expect("Cole's fallen mark");
    let disc = fell.children().find(|c| c.has_tag_name("circle")).unwrap();
    assert_eq!((attr(disc, "cx"), attr(disc, "cy")), ("60", "128"));
    assert_eq!(attr(disc, "fill-opacity"), "0.35");
    assert!(fell.children().any(|c| has_class(c, "cross")));
    let label = fell
        .children()
        .find(|c| has_class(*c, "fell-label"))
        .unwrap();
    assert_eq!(label.text(), Some("Co fell"));
    let to_cole = lines.last().unwrap();
    assert_eq!(attr(*to_cole, "points"), "108,176 70.61,138.61");
}

/// Whether point `p` lies inside the convex polygon `poly` (its edges included).
fn inside(poly: &[(f64, f64)], p: (f64, f64)) -> bool {
    let n = poly.len();
    let mut sign = 0.0;
    for i in 0..n {
        let (a, b) = (poly[i], poly[(i + 1) % n]);
        let cross = (b.0 - a.0) * (p.1 - a.1) - (b.1 - a.1) * (p.0 - a.0);
        if cross.abs() < 0.01 {
            continue;
        }
        if sign == 0.0 {
            sign = cross.signum();
        } else if cross.signum() != sign {
            return false;
        }
    }
    true
}

fn points(text: &str) -> Vec<(f64, f64)> {
    text.split_whitespace()
        .map(|p| {
            let (x, y) = p.split_once(',').unwrap();
            (x.parse().unwrap(), y.parse().unwrap())
        })
        .collect()
}

/// Every label of `class` (`health` under a disc, `statuses` above it) lies inside the
/// cells of its creature (the cells whose outline holds the disc's centre: one, or the
/// four of a 2×2 block), counting 0.6 of its size per character (a sans-serif font's
/// average) and its letters 0.75 of the size above the baseline and 0.25 below; its size
/// is 8 or more. Returns the labels seen, by creature.
fn labels_fit(svg: &str, what: &str, class: &str) -> BTreeMap<String, Vec<String>> {
    let doc = roxmltree::Document::parse(svg).unwrap();
    let cells: Vec<Vec<(f64, f64)>> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("cells"))
        .flat_map(|g| g.children().filter(|c| c.has_tag_name("polygon")))
        .map(|p| points(attr(p, "points")))
        .collect();
    let mut seen = BTreeMap::new();
    for g in doc.descendants().filter(|n| has_class(*n, "creature")) {
        let disc = g.children().find(|c| c.has_tag_name("circle")).unwrap();
        let centre: (f64, f64) = (
            attr(disc, "cx").parse().unwrap(),
            attr(disc, "cy").parse().unwrap(),
        );
        let own: Vec<&Vec<(f64, f64)>> = cells.iter().filter(|c| inside(c, centre)).collect();
        assert!(!own.is_empty(), "{what}: a disc outside every cell");
        for t in g.children().filter(|c| has_class(*c, class)) {
            let words = t.text().unwrap();
            let size: f64 = attr(t, "font-size").parse().unwrap();
            let (x, y): (f64, f64) = (attr(t, "x").parse().unwrap(), attr(t, "y").parse().unwrap());
            let half = words.chars().count() as f64 * size * 0.6 / 2.0;
            assert!(size >= 8.0, "{what}: `{words}` at {size}");
            for corner in [
                (x - half, y - 0.75 * size),
                (x + half, y - 0.75 * size),
                (x - half, y + 0.25 * size),
                (x + half, y + 0.25 * size),
            ] {
                assert!(
                    own.iter().any(|c| inside(c, corner)),
                    "{what}: `{words}` reaches {corner:?}, outside {}",
                    attr(g, "id")
                );
            }
            seen.entry(attr(g, "id").to_string())
                .or_insert_with(Vec::new)
                .push(words.to_string());
        }
    }
    seen
}

/// The shipped stag hunt, its monster file named by its full path.
fn stag_hunt() -> Value {
    let repo = crate::common::repo();
    let mut board: Value =
        serde_json::from_str(&fs::read_to_string(repo.join("scenarios/stag-hunt.json")).unwrap())
            .unwrap();
    board["monster_file"] = json!(repo.join("schemes/gaunt-stag.toml").display().to_string());
    board
}

/// The stag hunt with Osk hurt: body 1 armour, heavy; waist 0 armour, heavy. Osk's
/// "1 armour, 2 heavy" fits no square (see `disc_label`'s tests), so it is listed under
/// the key; Wren's "6 armour", Lio's "10 armour", Tamsin's "3 armour" stay under their
/// discs, and the stag's "AI deck 8 cards (not built yet)" takes two lines of its block.
#[test]
fn health_labels_stay_in_their_cells_or_move_to_the_key() {
    let mut board = stag_hunt();
    board["systems"]["ai-deck"]["survivors"]["osk"]["locations"] = json!({
        "body": { "armour": 1, "injury": "heavy" },
        "waist": { "armour": 0, "injury": "heavy" }
    });
    let t = Table::new("show-health-labels", &board);
    let r = t.run(&["show", "board.json", "--svg", "map.svg"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let text = fs::read_to_string(t.dir.join("map.svg")).unwrap();
    let seen = labels_fit(&text, "stag hunt", "health");
    assert_eq!(seen["creature-wren"], ["6 armour"]);
    assert_eq!(seen["creature-lio"], ["10 armour"]);
    assert_eq!(
        seen["creature-stag"],
        ["AI deck 8 cards", "(not built yet)"]
    );
    assert!(!seen.contains_key("creature-osk"));
    assert_eq!(
        listed(&text, "health-key"),
        ["Os Osk, health: 1 armour, 2 heavy"]
    );
}

/// Wren (C10, centre 36 + 2 × 48 + 24, 56 + 18 + 9 × 48 + 24 = 156,530: the title takes
/// two lines, 18 more than one) attacks the Gaunt Stag, whose 2×2 block is G5:H6: its
/// disc is in the middle of the block (36 + 6 × 48 + 48, 74 + 4 × 48 + 48 = 372,314), and
/// the blow ends 15 short of it, whatever the dice: the way is (216, -216), diagonal, so
/// the end is 372 - 15/√2 = 361.39, 314 + 15/√2 = 324.61.
#[test]
fn a_blow_at_a_large_monster_points_at_its_disc() {
    let board = stag_hunt();
    let t = Table::new("show-large-blow", &board);
    let r = t.run(&["record", "board.json", "attack", "wren", "stag", "3/6+/3"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let r = t.run(&["show", "board.json", "--svg", "map.svg", "--last"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let text = fs::read_to_string(t.dir.join("map.svg")).unwrap();
    let doc = roxmltree::Document::parse(&text).unwrap();
    let blow = doc
        .descendants()
        .find(|n| n.has_tag_name("polyline") && has_class(*n, "blow"))
        .expect("Wren's blow");
    assert_eq!(attr(blow, "points"), "156,530 361.39,324.61");
}

/// Every shipped scenario's labels fit their cells, on square and hex boards alike; and
/// the same boards with every creature immobilized and shielded 2 (`IMM SHI2`): each
/// creature's statuses are drawn inside its cells or listed under the key, never both.
#[test]
fn every_shipped_scenarios_labels_fit() {
    let repo = crate::common::repo();
    for path in crate::common::tracked("scenarios") {
        if path.extension().is_none_or(|e| e != "json") {
            continue;
        }
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let dir = crate::common::temp_dir(&format!("labels-{name}"));
        let out = dir.join("map.svg");
        let r = crate::common::run_in(
            &repo,
            &[
                "show",
                &format!("scenarios/{name}"),
                "--svg",
                out.to_str().unwrap(),
            ],
            "",
        );
        assert_eq!(r.code, 0, "{name}: {}", r.stderr);
        labels_fit(&fs::read_to_string(&out).unwrap(), &name, "health");
        let mut board: Value = serde_json::from_str(&fs::read_to_string(&path).unwrap()).unwrap();
        if let Some(scheme) = board["monster_file"].as_str() {
            let absolute = path.parent().unwrap().join(scheme);
            board["monster_file"] = json!(absolute.display().to_string());
        }
        let mut ids = Vec::new();
        for c in board["creatures"].as_array_mut().unwrap() {
            c["statuses"] = immobile_and_shielded();
            ids.push(c["id"].as_str().unwrap().to_string());
        }
        let t = Table::new(&format!("status-labels-{name}"), &board);
        let r = t.run(&["show", "board.json", "--svg", "map.svg"]);
        assert_eq!(r.code, 0, "{name}: {}", r.stderr);
        let text = fs::read_to_string(t.dir.join("map.svg")).unwrap();
        let drawn = labels_fit(&text, &name, "statuses");
        let keyed: Vec<String> = listed(&text, "status-key")
            .into_iter()
            .filter(|s| s.ends_with(", statuses: IMM SHI2"))
            .collect();
        assert_eq!(
            drawn.len() + keyed.len(),
            ids.len(),
            "{name}: {drawn:?} {keyed:?}"
        );
        for labels in drawn.values() {
            assert_eq!(labels.join(" "), "IMM SHI2", "{name}");
        }
        let _ = fs::remove_dir_all(&dir);
    }
}

/// Statuses: immobilized and shielded 2 (`IMM SHI2`).
fn immobile_and_shielded() -> Value {
    json!([
        {"status": "immobilized", "until": "end-of-next-turn", "round": 1},
        {"status": "shielded", "amount": 2, "until": "start-of-next-turn", "round": 1}
    ])
}

/// The well with Aria (B1) immobilized and shielded 2, and the goblin (D2) poisoned:
/// Aria's `IMM SHI2` is 6.12 em wide by `disc_label`'s letter widths (I, M, M, S, H, I
/// 0.78 or 1, a space 0.34, a digit 0.66): 55.08 pixels at 9 and 48.96 at 8, wider than a
/// square's 44 (48 less 2 each side); two lines do not fit above the disc (the upper
/// one's top would be 16 + 10 + 6.75 = 32.75 above the centre, past the edge at 24).
/// So it is listed under the key: `Ar Aria, statuses: IMM SHI2`, broken to the map's 192
/// pixels (24 characters of 7.7 at the key's 11) after `IMM`. The goblin's `POI` is
/// 2.34 em, 21.06 at 9, and its top 16 + 6.75 = 22.75 above the centre: drawn at 9 over
/// its disc, at D2's centre (204,128) less 16: 204,112. On the stag hunt the Gaunt
/// Stag's 2×2 block (92 wide inside) takes `IMM SHI2` on one line at 9 over its disc
/// (372,314, the title taking two lines): at 372,298; Wren's goes to the key.
#[test]
fn status_labels_stay_in_their_cells_or_move_to_the_key() {
    let mut board = well();
    board["creatures"][0]["statuses"] = immobile_and_shielded();
    board["creatures"][1]["statuses"] =
        json!([{"status": "poisoned", "until": "end-of-next-turn", "round": 1}]);
    let t = Table::new("show-status-labels", &board);
    let text = svg(&t, &[]);
    assert_eq!(
        the_statuses_drawn(&text, "the well"),
        ["creature-warrior-1", "POI", "204", "112", "9"]
    );
    assert_eq!(
        listed(&text, "status-key"),
        ["Ar Aria, statuses: IMM", "SHI2"]
    );

    let mut board = stag_hunt();
    for c in board["creatures"].as_array_mut().unwrap() {
        if c["id"] == "stag" || c["id"] == "wren" {
            c["statuses"] = immobile_and_shielded();
        }
    }
    let t = Table::new("show-status-labels-stag", &board);
    let r = t.run(&["show", "board.json", "--svg", "map.svg"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let text = fs::read_to_string(t.dir.join("map.svg")).unwrap();
    assert_eq!(
        the_statuses_drawn(&text, "stag hunt"),
        ["creature-stag", "IMM SHI2", "372", "298", "9"]
    );
    assert_eq!(listed(&text, "status-key"), ["Wr Wren, statuses: IMM SHI2"]);
}

/// The one creature whose statuses are drawn over its disc (checked to fit its cells):
/// its group's id, and the label's words, x, y and size.
fn the_statuses_drawn(svg: &str, what: &str) -> [String; 5] {
    let drawn = labels_fit(svg, what, "statuses");
    assert_eq!(drawn.len(), 1, "{what}: {drawn:?}");
    let doc = roxmltree::Document::parse(svg).unwrap();
    let t = doc
        .descendants()
        .find(|n| has_class(*n, "statuses"))
        .unwrap();
    let group = t.parent().map_or("", |g| attr(g, "id"));
    [
        group,
        t.text().unwrap(),
        attr(t, "x"),
        attr(t, "y"),
        attr(t, "font-size"),
    ]
    .map(str::to_string)
}

/// The lines of text under the key in the group of `class` (`health-key`, `status-key`).
fn listed(svg: &str, class: &str) -> Vec<String> {
    let doc = roxmltree::Document::parse(svg).unwrap();
    doc.descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .flat_map(|g| g.children().filter_map(|c| c.text()))
        .filter(|s| !s.trim().is_empty())
        .map(str::to_string)
        .collect()
}

/// `--last` after a player's blow that kills: the history keeps the death, so the picture
/// draws the goblin faded and crossed on D2, and Aria's blow at it, keyed with her name
/// and the two arrowheads. The title, "The well: the heroes won in round 3 (no monsters
/// are left)", is broken to the map's 192 pixels (19 characters of 9.8): "The well: the",
/// "heroes won in round", "3 (no monsters are", "left)", 3 × 18 more than one line, so
/// D2's centre is 36 + 3 × 48 + 24, 56 + 54 + 48 + 24.
#[test]
fn the_last_command_s_fallen_are_drawn_where_they_fell() {
    let t = Table::new("show-last-fallen", &well());
    aria_fells_the_goblin(&t);
    let text = svg(&t, &["--last"]);
    let doc = roxmltree::Document::parse(&text).unwrap();
    let fell = doc
        .descendants()
        .find(|n| n.attribute("id") == Some("fallen-warrior-1"))
        .expect("the goblin's fallen mark");
    let disc = fell.children().find(|c| c.has_tag_name("circle")).unwrap();
    assert_eq!((attr(disc, "cx"), attr(disc, "cy")), ("204", "182"));
    let titles: Vec<&str> = doc
        .descendants()
        .filter(|n| has_class(*n, "title"))
        .filter_map(|n| n.text())
        .collect();
    assert_eq!(
        titles,
        [
            "The well: the",
            "heroes won in round",
            "3 (no monsters are",
            "left)"
        ]
    );
    let key: Vec<&str> = doc
        .descendants()
        .filter(|n| has_class(*n, "path-key-entry"))
        .filter_map(|n| n.descendants().find(|c| c.has_tag_name("text")))
        .filter_map(|n| n.text())
        .collect();
    assert_eq!(
        key,
        [
            "Ar Aria",
            "blow that hit",
            "blow that missed",
            "fell in the last command"
        ]
    );
}

/// The blows `--last` draws: (creature, points, marker-end) of every `blow` polyline.
fn blows_drawn(svg: &str) -> Vec<(String, String, String)> {
    let doc = roxmltree::Document::parse(svg).unwrap();
    doc.descendants()
        .filter(|n| n.has_tag_name("polyline") && has_class(*n, "blow"))
        .map(|n| {
            (
                attr(n, "data-creature").to_string(),
                attr(n, "points").to_string(),
                attr(n, "marker-end").to_string(),
            )
        })
        .collect()
}

/// The fill and stroke of the arrowhead `marker-end` names (`url(#arrow-0)`).
fn head(svg: &str, end: &str) -> (String, String) {
    let doc = roxmltree::Document::parse(svg).unwrap();
    let id = end.trim_start_matches("url(#").trim_end_matches(')');
    let m = doc
        .descendants()
        .find(|n| n.has_tag_name("marker") && n.attribute("id") == Some(id))
        .and_then(|m| m.children().find(|c| c.has_tag_name("path")))
        .unwrap();
    (attr(m, "fill").to_string(), attr(m, "stroke").to_string())
}

/// The well (Aria on B1, the goblin on D2). Aria deals the goblin 3 (`hit --by`, no
/// roll: only a damage event names her, as its dealer): `--last` draws her blow from B1's
/// centre (36 + 48 + 24, 56 + 24 = 108,80) towards D2's (204,128). The way is (96, 48),
/// √11520 = 107.33 long; it ends 15 short of D2: 204 - 96 × 15/107.33 = 190.58, 128 - 48
/// × 15/107.33 = 121.29. One arrowhead, solid, in Aria's colour, the first (#1458b8).
/// Undone, the same blow with `--roll +0` and a d20 of 2 (2 against the goblin's defence
/// 13) misses: the same line, its head hollow (white, edged #1458b8).
#[test]
fn a_players_hit_by_draws_the_blow_solid_and_a_missed_roll_hollow() {
    let g = goblins();
    let t = Table::new("show-hit-by", &well());
    let hit = ["hit", "board.json", "warrior-1", "3", "--by", "aria"];
    let r = t.run(&[&hit[..], &["--monsters", g.as_str()]].concat());
    assert_eq!(r.code, 0, "{}", r.stderr);
    let text = svg(&t, &["--last"]);
    let blows = blows_drawn(&text);
    assert_eq!(
        blows,
        [(
            "aria".to_string(),
            "108,80 190.58,121.29".to_string(),
            "url(#arrow-0)".to_string()
        )]
    );
    assert_eq!(head(&text, &blows[0].2), ("#1458b8".into(), String::new()));
    let r = t.run(&["undo", "board.json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let roll = [
        "--roll",
        "+0",
        "--rolls",
        "2",
        "--json",
        "--monsters",
        g.as_str(),
    ];
    let r = t.run(&[&hit[..], &roll[..]].concat());
    assert_eq!(r.code, 0, "{}", r.stderr);
    let told: Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(told["events"][0]["hit"], json!(false), "{}", r.stdout);
    let text = svg(&t, &["--last"]);
    let blows = blows_drawn(&text);
    assert_eq!(blows.len(), 1);
    assert_eq!(blows[0].1, "108,80 190.58,121.29");
    assert_eq!(blows[0].2, "url(#arrow-hollow-0)");
    assert_eq!(
        head(&text, &blows[0].2),
        ("#ffffff".into(), "#1458b8".into())
    );
}

/// The shipped kobold warren's first `next`: the five kobolds' turns. Each step of a
/// need-driven kobold is a `move` event of its own, but a kobold's steps in a row are one
/// walk with one arrowhead at its end:
///
/// ```text
///     A  B  C  D  E  F  G  H  I  J      (the cells each kobold walked, by its number;
/// 2   .  .  .  .  2  .  .  .  .  3       D4 is walked by 1 and 5; S the skeleton)
/// 3   .  .  1  .  .  2  .  .  3  .
/// 4   .  .  .  *  5  5  2  3  .  .      1K C3 D4 E5, then bites the skeleton on F5
/// 5   .  .  5  .  1  S  3  .  .  .      2K E2 F3 G4, then bites it; 3K J2 I3 H4 G5,
/// 6   .  5  .  .  .  .  .  .  .  .      then bites it; 4K stays and misses the
/// ```                                   slinger; 5K B6 C5 D4 E4 F4
///
/// Four walks (four arrowheads at their ends), whose points are the centres of those
/// cells (C3: 36 + 2 × 48 + 24, 56 + 36 + 2 × 48 + 24, the board's long name taking three
/// lines of title, 36 more than one), the last pulled back 15 towards the one before (a
/// diagonal step: 10.61 on each axis, a straight one: 15); four blows.
#[test]
fn a_need_driven_kobold_s_steps_are_one_walk() {
    let repo = crate::common::repo();
    let mut board: Value = serde_json::from_str(
        &fs::read_to_string(repo.join("scenarios/needs-kobold-warren.json")).unwrap(),
    )
    .unwrap();
    let scheme = repo
        .join("scenarios")
        .join(board["monster_file"].as_str().unwrap());
    board["monster_file"] = json!(scheme.display().to_string());
    let t = Table::new("show-kobold-walks", &board);
    let r = t.run(&["next", "board.json"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let r = t.run(&["show", "board.json", "--svg", "map.svg", "--last"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let text = fs::read_to_string(t.dir.join("map.svg")).unwrap();
    let doc = roxmltree::Document::parse(&text).unwrap();
    let walks: Vec<(&str, &str, &str)> = doc
        .descendants()
        .filter(|n| n.has_tag_name("polyline") && has_class(*n, "walk"))
        .map(|n| {
            (
                attr(n, "data-creature"),
                attr(n, "points"),
                attr(n, "marker-end"),
            )
        })
        .collect();
    assert_eq!(
        walks,
        [
            ("kobold-1", "156,212 204,260 241.39,297.39", "url(#arrow-0)"),
            ("kobold-2", "252,164 300,212 337.39,249.39", "url(#arrow-1)"),
            (
                "kobold-3",
                "492,164 444,212 396,260 358.61,297.39",
                "url(#arrow-2)"
            ),
            (
                "kobold-5",
                "108,356 156,308 204,260 252,260 285,260",
                "url(#arrow-4)"
            ),
        ]
    );
    let blows: Vec<String> = blows_drawn(&text).into_iter().map(|b| b.0).collect();
    assert_eq!(blows, ["kobold-1", "kobold-2", "kobold-3", "kobold-4"]);
}
