//! docs/output.md lists every event the binary can print: the list is read from the code,
//! from each enum tagged `#[serde(tag = "event", rename_all = "kebab-case")]` (the core's
//! `Event` and each system's own events), every variant's JSON name in turn; one missing
//! from the docs' event tables fails the test, named.

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// `TurnStart` is `turn-start`.
fn kebab(name: &str) -> String {
    let mut out = String::new();
    for (i, ch) in name.chars().enumerate() {
        if ch.is_ascii_uppercase() {
            if i > 0 {
                out.push('-');
            }
            out.push(ch.to_ascii_lowercase());
        } else {
            out.push(ch);
        }
    }
    out
}

/// The JSON names of the variants of every event enum in `text`: the enum after each
/// `tag = "event"` attribute, its variants at one level of indentation, an untagged one
/// (the core's `System`, which carries a system's own events) left out.
fn event_names(text: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut rest = text;
    // The attribute on a line of its own (not quoted in a comment).
    while let Some(at) = rest.find("\n#[serde(tag = \"event\", rename_all = \"kebab-case\")]") {
        rest = &rest[at..];
        let open = rest.find("enum ").expect("an enum follows the attribute");
        let body = &rest[open..];
        let start = body.find('{').unwrap() + 1;
        let end = body.find("\n}").unwrap();
        let mut untagged = false;
        for line in body[start..end].lines() {
            if line.trim_start().starts_with("#[serde(untagged)]") {
                untagged = true;
                continue;
            }
            let indented = line.starts_with("    ") && !line.starts_with("     ");
            let first = line.trim_start().chars().next();
            if indented && first.is_some_and(|c| c.is_ascii_uppercase()) {
                let name: String = line
                    .trim_start()
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric())
                    .collect();
                if !std::mem::take(&mut untagged) {
                    names.push(kebab(&name));
                }
            }
        }
        rest = &body[end..];
    }
    names
}

#[test]
fn every_event_the_binary_prints_is_in_output_md() {
    let mut files = Vec::new();
    rust_files(&root().join("crates"), &mut files);
    rust_files(&root().join("src"), &mut files);
    files.sort();
    let mut names = Vec::new();
    for f in &files {
        names.extend(event_names(&std::fs::read_to_string(f).unwrap()));
    }
    // The core's and the four systems' events: a reader that finds few has gone wrong.
    assert!(names.len() > 80, "only {} events found", names.len());
    assert!(names.contains(&"turn-start".to_string()));
    assert!(names.contains(&"wound-roll".to_string()));
    let docs = std::fs::read_to_string(root().join("docs/output.md")).unwrap();
    let missing: Vec<&String> = names
        .iter()
        .filter(|n| !docs.contains(&format!("| `{n}` |")))
        .collect();
    assert!(
        missing.is_empty(),
        "docs/output.md has no row for these events: {missing:?}"
    );
}

#[test]
fn the_reader_finds_variants_and_skips_the_untagged() {
    let text = "/// (`#[serde(tag = \"event\", rename_all = \"kebab-case\")]`)\nenum Not { Quoted }\n#[serde(tag = \"event\", rename_all = \"kebab-case\")]\npub enum E {\n    /// A.\n    RoundStart {\n        round: u32,\n    },\n    FightOver,\n    #[serde(untagged)]\n    System(Box<u8>),\n}\n";
    assert_eq!(event_names(text), ["round-start", "fight-over"]);
}
