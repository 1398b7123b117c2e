//! Every text of the pictures fits inside the canvas: each shipped scenario's `show --svg`
//! (with statuses added, so their labels and key are drawn too) and a board with a very
//! long name. A text's width is estimated from its font size and number of characters
//! with a factor (0.6) below the one the drawing code widens the canvas by, so the check
//! catches text placed without room rather than rounding.

use std::fs;
use std::path::Path;
use std::process::Command;

/// Average width of a sans-serif character as a share of the font size; the picture makes
/// room at 0.7 per character, real fonts average about 0.6.
const FACTOR: f64 = 0.6;

fn inherited<'a>(node: roxmltree::Node<'a, 'a>, name: &str) -> Option<&'a str> {
    node.ancestors().find_map(|n| n.attribute(name))
}

/// Checks every `<text>` element of `svg` against the canvas; `what` names the picture.
fn assert_text_fits(svg: &str, what: &str) {
    let doc = roxmltree::Document::parse(svg).expect("well-formed SVG");
    let root = doc.root_element();
    let width: f64 = root.attribute("width").unwrap().parse().unwrap();
    let height: f64 = root.attribute("height").unwrap().parse().unwrap();
    let mut texts = 0;
    for t in doc.descendants().filter(|n| n.has_tag_name("text")) {
        texts += 1;
        let content: String = t
            .descendants()
            .filter(|n| n.is_text())
            .filter_map(|n| n.text())
            .collect();
        let size: f64 = inherited(t, "font-size").unwrap_or("16").parse().unwrap();
        let x: f64 = t.attribute("x").unwrap_or("0").parse().unwrap();
        let y: f64 = t.attribute("y").unwrap_or("0").parse().unwrap();
        let w = content.chars().count() as f64 * size * FACTOR;
        let (left, right) = match inherited(t, "text-anchor") {
            Some("middle") => (x - w / 2.0, x + w / 2.0),
            Some("end") => (x - w, x),
            _ => (x, x + w),
        };
        assert!(
            left >= 0.0 && right <= width && y - size >= 0.0 && y <= height,
            "{what}: `{content}` spans x {left:.1}..{right:.1}, y {:.1}..{y:.1}, outside {width}x{height}",
            y - size
        );
    }
    assert!(texts > 0, "{what}: no text at all");
}

/// `show BOARD --svg` run in `dir`, the picture written to `out`.
fn show_svg(dir: &Path, board: &str, out: &Path) -> String {
    picture(dir, &["show", board, "--svg"], out)
}

/// Runs the program in `dir` with `args` and then `out`; gives the picture written there.
fn picture(dir: &Path, args: &[&str], out: &Path) -> String {
    let run = Command::new(crate::common::bin())
        .args(args)
        .arg(out)
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    fs::read_to_string(out).unwrap()
}

/// The canvas's width, and the right edge of the map plus its margin (16): the furthest
/// corner of the cells' outlines.
fn widths(svg: &str) -> (f64, f64) {
    let doc = roxmltree::Document::parse(svg).unwrap();
    let width: f64 = doc
        .root_element()
        .attribute("width")
        .unwrap()
        .parse()
        .unwrap();
    let right = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("cells"))
        .flat_map(|g| g.children().filter_map(|c| c.attribute("points")))
        .flat_map(|p| p.split_whitespace())
        .map(|xy| xy.split_once(',').unwrap().0.parse::<f64>().unwrap())
        .fold(0.0, f64::max);
    (width, right + 16.0)
}

/// Every shipped scenario's picture is as wide as its map and margins, its long titles
/// broken into lines; and so is each with a name of 160 letters and statuses on every
/// creature.
#[test]
fn every_shipped_scenario_and_a_long_title_fit() {
    let repo = crate::common::repo();
    let dir = crate::common::temp_dir("svg-fits");
    fs::create_dir_all(dir.join("play")).unwrap();
    let mut shown = 0;
    for entry in fs::read_dir(repo.join("scenarios")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "json") {
            continue;
        }
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let svg = show_svg(&repo, &format!("scenarios/{name}"), &dir.join("map.svg"));
        assert_text_fits(&svg, &name);
        let (width, map) = widths(&svg);
        assert_eq!(width, map, "{name}: the picture is as wide as the map");
        // The same board with a status on every creature and a name of 160 letters.
        let mut board: serde_json::Value =
            serde_json::from_str(&fs::read_to_string(&path).unwrap()).unwrap();
        board["name"] = serde_json::Value::String("A very long name ".repeat(10));
        if let Some(scheme) = board["monster_file"].as_str() {
            let absolute = path.parent().unwrap().join(scheme);
            board["monster_file"] = absolute.to_string_lossy().into_owned().into();
        }
        for c in board["creatures"].as_array_mut().unwrap() {
            c["statuses"] = serde_json::json!([
                {"status": "immobilized", "until": "end-of-next-turn", "round": 1},
                {"status": "shielded", "amount": 2, "until": "start-of-next-turn", "round": 1}
            ]);
        }
        fs::write(dir.join("play/b.json"), board.to_string()).unwrap();
        let svg = show_svg(&dir, "play/b.json", &dir.join("map.svg"));
        assert_text_fits(&svg, &format!("{name} with a long title and statuses"));
        let (width, map) = widths(&svg);
        assert_eq!(
            width, map,
            "{name}: a long title is broken to the map's width"
        );
        assert!(
            svg.contains("IMM SHI2") || svg.contains("statuses: IMM"),
            "{name}: statuses drawn per creature, or listed under the key"
        );
        assert!(svg.contains(r#"<g class="key">"#), "{name}: a key");
        shown += 1;
    }
    assert!(shown >= 8, "the shipped scenarios were not found");
    let _ = fs::remove_dir_all(&dir);
}

/// A board of two squares (the map 36 + 96 + 16 = 148 wide, 96 between the margins: 9
/// characters of the title's 9.8) named "Abcdefghijklmnopqrst b": its first word, 20
/// characters, is 196 wide and has a line of its own, widening the picture to 36 + 196 +
/// 16 = 248; "b (round 1)" is 11 characters, 107.8, wider than 96, so the second line is
/// "b (round" and the third "1)". The cells start 2 × 18 lower than under one line:
/// the first's top-left corner is at 36,92.
#[test]
fn a_word_longer_than_the_map_alone_widens_the_picture() {
    let dir = crate::common::temp_dir("svg-long-word");
    let board = serde_json::json!({
        "format": 2, "name": "Abcdefghijklmnopqrst b",
        "grid": {"kind": "square", "width": 2, "height": 1},
        "creatures": [
            {"id": "aria", "name": "Aria", "side": "players", "position": "A1", "hp": 5},
            {"id": "warg", "side": "monsters", "position": "B1", "hp": 5}
        ]
    });
    fs::write(dir.join("b.json"), board.to_string()).unwrap();
    let svg = show_svg(&dir, "b.json", &dir.join("map.svg"));
    assert_text_fits(&svg, "a long word");
    let doc = roxmltree::Document::parse(&svg).unwrap();
    assert_eq!(doc.root_element().attribute("width"), Some("248"));
    let titles: Vec<(&str, &str)> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("title"))
        .map(|n| (n.attribute("y").unwrap(), n.text().unwrap()))
        .collect();
    assert_eq!(
        titles,
        [
            ("22", "Abcdefghijklmnopqrst"),
            ("40", "b (round"),
            ("58", "1)")
        ]
    );
    let first = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("cells"))
        .flat_map(|g| g.children().filter_map(|c| c.attribute("points")))
        .next()
        .unwrap();
    assert!(first.starts_with("36,92 "), "{first}");
    let _ = fs::remove_dir_all(&dir);
}

/// The outcome line heading `simulate --svg` on `scenario` (after checking the text fits).
fn simulate_outcome(scenario: &str, runs: &str, name: &str) -> String {
    let repo = crate::common::repo();
    let dir = crate::common::temp_dir(name);
    let out = dir.join("odds.svg");
    let svg = picture(
        &repo,
        &["simulate", scenario, "--runs", runs, "--svg"],
        &out,
    );
    assert_text_fits(&svg, "simulate chart");
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let outcome = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("outcome"))
        .and_then(|n| n.text())
        .expect("an outcome line")
        .to_string();
    let _ = fs::remove_dir_all(&dir);
    outcome
}

#[test]
fn the_simulate_chart_is_headed_by_the_outcome_and_fits() {
    let outcome = simulate_outcome("scenarios/goblin-ambush.json", "40", "svg-fits-simulate");
    assert!(
        outcome.starts_with("Heroes win ")
            && outcome.contains("monsters win ")
            && outcome.contains("%)"),
        "{outcome}"
    );
}

/// The kobold story ends in a stalemate in most fights (Aria is walled off): the chart's
/// heading counts them, as the text report does.
#[test]
fn the_simulate_chart_heading_counts_stalemates() {
    let outcome = simulate_outcome(
        "scenarios/needs-kobold-story.json",
        "20",
        "svg-fits-stalemate",
    );
    assert!(outcome.contains(", stalemate "), "{outcome}");
}

/// A box: left, top, right, bottom.
type Box4 = (f64, f64, f64, f64);

fn overlaps(a: Box4, b: Box4) -> bool {
    a.0 < b.2 && b.0 < a.2 && a.1 < b.3 && b.1 < a.3
}

/// Each creature's disc and the boxes of its health label's lines (width at the 0.7 a
/// character the drawing makes room for), by creature.
fn discs_and_labels(svg: &str) -> Vec<(String, Box4, Vec<Box4>)> {
    let doc = roxmltree::Document::parse(svg).expect("well-formed SVG");
    let mut out = Vec::new();
    for g in doc.descendants().filter(|n| {
        n.attribute("class")
            .is_some_and(|c| c.starts_with("creature "))
    }) {
        let num = |n: roxmltree::Node, a: &str| -> f64 { n.attribute(a).unwrap().parse().unwrap() };
        let disc = g.children().find(|n| n.has_tag_name("circle")).unwrap();
        let (x, y, r) = (num(disc, "cx"), num(disc, "cy"), num(disc, "r"));
        let labels = g
            .children()
            .filter(|n| n.has_tag_name("text"))
            .skip(1)
            .map(|t| {
                let size = num(t, "font-size");
                let w = t.text().unwrap_or("").chars().count() as f64 * size * 0.7;
                let (tx, ty) = (num(t, "x"), num(t, "y"));
                (tx - w / 2.0, ty - size, tx + w / 2.0, ty)
            })
            .collect();
        out.push((
            g.attribute("id").unwrap().to_string(),
            (x - r, y - r, x + r, y + r),
            labels,
        ));
    }
    out
}

/// A long health label ("AI deck 10, discard 3, wounds 2" under the 2×2 Gaunt Stag, two
/// injuries under a survivor) is set in its creature's own cells: no line of it reaches
/// another creature's disc or label. The Stag stands on G5-H6, survivors all round it:
///
/// ```text
///       F   G   H   I
///   4   .   w   .   .
///   5   o   S   S   l
///   6   .   S   S   .
///   7   .   t   .   .
/// ```
#[test]
fn long_health_labels_stay_clear_of_their_neighbours() {
    let repo = crate::common::repo();
    let dir = crate::common::temp_dir("svg-fits-labels");
    let mut board: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(repo.join("scenarios/stag-hunt.json")).unwrap())
            .unwrap();
    board["monster_file"] = repo
        .join("schemes/gaunt-stag.toml")
        .display()
        .to_string()
        .into();
    board["map"] = serde_json::json!(vec![".".repeat(16); 12]);
    for (id, cell) in [
        ("wren", "G4"),
        ("osk", "F5"),
        ("lio", "I5"),
        ("tamsin", "G7"),
    ] {
        let c = board["creatures"]
            .as_array_mut()
            .unwrap()
            .iter_mut()
            .find(|c| c["id"] == id)
            .unwrap();
        c["position"] = cell.into();
    }
    let ai = &mut board["systems"]["ai-deck"];
    ai["decks"] = serde_json::json!({ "gaunt-stag": {
        "deck": ["Antler Sweep", "Trample Run", "Hoof Stamp", "Bellow", "Rear Kick",
                 "Restless Pacing", "Stampede Step", "Bloodied Fury", "Rutting Frenzy", "Grazing"],
        "discard": ["Lowered Crown", "Spine Rake", "Herd Call"],
        "wounds": ["Hunted Scent", "Antler Chorus"],
        "in_play": ["Thick Hide"]
    }});
    ai["survivors"]["osk"]["locations"] = serde_json::json!({ "body": { "armour": 1, "injury": "heavy" }, "waist": { "injury": "light" } });
    fs::write(dir.join("b.json"), board.to_string()).unwrap();
    let svg = show_svg(&dir, "b.json", &dir.join("map.svg"));
    assert!(svg.contains(">AI deck 10,</text>"), "{svg}");
    assert_text_fits(&svg, "stag with long labels");
    let all = discs_and_labels(&svg);
    assert_eq!(all.len(), 5);
    for (id, _, labels) in &all {
        for (other, disc, other_labels) in &all {
            if other == id {
                continue;
            }
            for l in labels {
                assert!(
                    !overlaps(*l, *disc),
                    "{id}'s label {l:?} covers {other}'s disc"
                );
                for o in other_labels {
                    assert!(
                        !overlaps(*l, *o),
                        "{id}'s label {l:?} covers {other}'s {o:?}"
                    );
                }
            }
        }
    }
    let _ = fs::remove_dir_all(&dir);
}

/// A balance sweep's pictures (`simulate --vary … --svg`): the win-rate curve with two
/// asked-for rates, and the heat map of two numbers with long type names, on the ambush
/// and its long name.
#[test]
fn the_sweep_curve_and_heat_map_fit() {
    let repo = crate::common::repo();
    let dir = crate::common::temp_dir("svg-fits-sweep");
    for (what, args) in [
        (
            "sweep curve",
            &[
                "simulate",
                "scenarios/goblin-ambush.json",
                "--vary",
                "warg.hp=10..30/10",
                "--at",
                "40%,60%",
                "--runs",
                "10",
                "--svg",
            ][..],
        ),
        (
            "sweep heat map",
            &[
                "simulate",
                "scenarios/goblin-ambush.json",
                "--vary",
                "count:goblin-warrior=1..3",
                "--vary",
                "orc-shaman.hp=5..25/10",
                "--runs",
                "5",
                "--svg",
            ][..],
        ),
    ] {
        let svg = picture(&repo, args, &dir.join("sweep.svg"));
        assert_text_fits(&svg, what);
    }
    let _ = fs::remove_dir_all(&dir);
}
