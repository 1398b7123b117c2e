//! Docs that stay true by test (issue 39): every source file of every crate is named in
//! docs/ARCHITECTURE.md's module table, and every dependency any Cargo.toml of the
//! workspace names is explained in docs/dependencies.md.

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
