//! Docs that stay true by test (issue 39): every source file of every crate is named in
//! docs/ARCHITECTURE.md's module table, and every dependency any Cargo.toml of the
//! workspace names is explained in docs/dependencies.md. Issue 42: docs/output.md lists
//! every event the binary can print, the list read from the code (each enum tagged
//! `#[serde(tag = "event", rename_all = "kebab-case")]`, every variant's JSON name).

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The rows of the "## Modules" table: the folder (or file, without `.rs`) each row is
/// about, relative to the repository, and the row's text.
fn module_rows(architecture: &str) -> Vec<(String, String)> {
    let table = architecture
        .split("\n## Modules\n")
        .nth(1)
        .expect("docs/ARCHITECTURE.md has a `## Modules` part");
    let table = table.split("\n## ").next().unwrap();
    table
        .lines()
        .filter(|l| l.starts_with("| `"))
        .map(|row| {
            let first = row.split('|').nth(1).unwrap().trim();
            let name = first.split('`').nth(1).unwrap().trim_end_matches('/');
            let place = if first.ends_with("(core)") {
                format!("crates/core/src/{name}")
            } else if first.ends_with("(app)") {
                format!("src/{name}")
            } else {
                format!("{name}/src")
            };
            (place, row.to_string())
        })
        .collect()
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

/// The source files the table must name: every `.rs` file of every crate's `src/` but
/// the crate roots, folder modules and test-only modules.
fn source_files() -> Vec<String> {
    let mut dirs = vec![root().join("src")];
    for entry in std::fs::read_dir(root().join("crates")).unwrap() {
        dirs.push(entry.unwrap().path().join("src"));
    }
    let mut files = Vec::new();
    for dir in dirs {
        rust_files(&dir, &mut files);
    }
    let mut out: Vec<String> = files
        .iter()
        .map(|f| {
            f.strip_prefix(root())
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/")
        })
        .filter(|f| {
            let name = f.rsplit('/').next().unwrap();
            !matches!(name, "lib.rs" | "main.rs" | "mod.rs" | "tests.rs")
                && !name.ends_with("_tests.rs")
                && !f.contains("/tests/")
        })
        .collect();
    out.sort();
    out
}

/// Whether `row` names the module `stem` (`` `stem` ``, `` `stem/` `` or `` `stem.rs` ``).
fn names(row: &str, stem: &str) -> bool {
    ["", "/", ".rs"].iter().any(|end| {
        row.contains(&format!("`{stem}{end}`")) || row.contains(&format!("`{stem}{end}` "))
    })
}

#[test]
fn every_source_file_is_in_the_module_table() {
    let text = std::fs::read_to_string(root().join("docs/ARCHITECTURE.md")).unwrap();
    let rows = module_rows(&text);
    let mut missing = Vec::new();
    for file in source_files() {
        let without = file.trim_end_matches(".rs");
        // The most specific row: the longest place the file lies in (or is).
        let row = rows
            .iter()
            .filter(|(place, _)| without == place || without.starts_with(&format!("{place}/")))
            .max_by_key(|(place, _)| place.len());
        let Some((place, row)) = row else {
            missing.push(format!("{file}: no row of the table covers its folder"));
            continue;
        };
        if without == place {
            continue;
        }
        // The file itself, and each folder between the row's place and it.
        let inner = &without[place.len() + 1..];
        for part in inner.split('/') {
            if !names(row, part) {
                missing.push(format!(
                    "{file}: `{part}` is not named in the row of `{place}`"
                ));
                break;
            }
        }
    }
    assert!(
        missing.is_empty(),
        "docs/ARCHITECTURE.md's module table misses these files (name each with its job):\n{}",
        missing.join("\n")
    );
}

/// Every dependency name of a Cargo.toml, outside the workspace's own crates.
fn dependencies(manifest: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(manifest).unwrap();
    let doc: toml::Table = toml::from_str(&text).unwrap();
    let mut out = Vec::new();
    let mut tables = vec![doc.clone()];
    if let Some(ws) = doc.get("workspace").and_then(|w| w.as_table()) {
        tables.push(ws.clone());
    }
    for table in tables {
        for section in ["dependencies", "dev-dependencies", "build-dependencies"] {
            if let Some(deps) = table.get(section).and_then(|d| d.as_table()) {
                out.extend(
                    deps.keys()
                        .filter(|k| !k.starts_with("monster-ai"))
                        .cloned(),
                );
            }
        }
    }
    out
}

#[test]
fn every_dependency_is_explained() {
    let doc = std::fs::read_to_string(root().join("docs/dependencies.md")).unwrap();
    let mut manifests = vec![root().join("Cargo.toml"), root().join("fuzz/Cargo.toml")];
    for entry in std::fs::read_dir(root().join("crates")).unwrap() {
        manifests.push(entry.unwrap().path().join("Cargo.toml"));
    }
    let mut missing = Vec::new();
    for manifest in manifests {
        for dep in dependencies(&manifest) {
            if !doc.contains(&format!("`{dep}`")) && !doc.contains(&format!("`{dep} ")) {
                let at = manifest.strip_prefix(root()).unwrap().display().to_string();
                if !missing.iter().any(|(d, _): &(String, String)| *d == dep) {
                    missing.push((dep, at));
                }
            }
        }
    }
    assert!(
        missing.is_empty(),
        "docs/dependencies.md does not explain these dependencies (say why each is there):\n{}",
        missing
            .iter()
            .map(|(d, at)| format!("{d} (in {at})"))
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn the_table_reader_finds_places() {
    let doc = "x\n## Modules\n\n| module | job |\n|---|---|\n| `grid/` (core) | `cell`, `sight/` |\n| `crates/needs` | `turn` |\n| `registry` (app) | r |\n\n## Next\n| `no` | |\n";
    let rows = module_rows(doc);
    let places: Vec<&str> = rows.iter().map(|(p, _)| p.as_str()).collect();
    assert_eq!(
        places,
        ["crates/core/src/grid", "crates/needs/src", "src/registry"]
    );
    assert!(names(&rows[0].1, "sight") && names(&rows[0].1, "cell") && !names(&rows[0].1, "cel"));
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
