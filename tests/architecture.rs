//! The layers of the library, checked: imports only flow downward, every folder of
//! `src/` has its rule, and controllers never reach into each other. Every module path a
//! file names — `crate::a::b`, a `use crate::{a, b::c}` group, and `super::…` resolved
//! from the file's place — is held against the table below; a forbidden one fails this
//! test with the file and line.
//!
//! ```text
//!                     cli ───────────────────────► import   (other tools' files: board,
//!                      │                                     grid, io and the ability-deck
//!            ┌─────────┼───────────────┐                     format alone)
//!            ▼         ▼               ▼
//!        simulate   narration       render          (never a controller folder)
//!            │         │               │
//!            ▼         │               │
//!          fight       │               │
//!            │         │               │
//!            ▼         │               │
//!   controllers (the seam: mod, registry, runner, system, state, ...)
//!            │    registry.rs alone names the systems' folders
//!            ▼
//!   controllers/{schemes, ability_deck, ai_deck, needs}   (never each other)
//!            │         │               │
//!            ▼         ▼               ▼
//!                    rules
//!                      │
//!                    board ──► grid
//!                      │  └──► chance
//!                      ▼
//!                 io + error
//! ```

use std::path::{Path, PathBuf};

/// The systems' folders under `src/controllers/`.
const SYSTEMS: [&str; 4] = ["schemes", "ability_deck", "ai_deck", "needs"];

/// What each layer may import (besides itself). `controllers/*` stands for a system's
/// folder; the seam is `controllers`.
fn allowed(layer: &str) -> &'static [&'static str] {
    match layer {
        "grid" | "chance" => &[],
        "io" | "error" => &["io", "error"],
        "board" => &["grid", "chance", "io", "error"],
        "rules" => &["board", "grid", "chance", "io", "error"],
        "controllers" | "controllers/*" => &[
            "controllers",
            "rules",
            "board",
            "grid",
            "chance",
            "io",
            "error",
        ],
        "fight" => &[
            "controllers",
            "rules",
            "board",
            "grid",
            "chance",
            "io",
            "error",
        ],
        "narration" => &["rules", "board", "grid", "chance", "io", "error"],
        "render" => &["rules", "board", "grid", "chance", "io", "error"],
        "simulate" => &[
            "fight",
            "narration",
            "render",
            "controllers",
            "rules",
            "board",
            "grid",
            "chance",
            "io",
            "error",
        ],
        "import" => &["board", "grid", "chance", "io", "error"],
        "cli" => &[
            "import",
            "simulate",
            "fight",
            "narration",
            "render",
            "controllers",
            "rules",
            "board",
            "grid",
            "chance",
            "io",
            "error",
        ],
        other => panic!("`src/{other}` has no rule in tests/architecture.rs: add one"),
    }
}

/// A file's module path under `src/` (`["controllers", "needs", "turn"]`; a `mod.rs` is
/// its folder's module).
fn module_of(file: &Path, src: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src).unwrap();
    let mut parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    let last = parts.pop().unwrap();
    let stem = last.trim_end_matches(".rs");
    if stem != "mod" {
        parts.push(stem.to_string());
    }
    parts
}

/// The layer of a module path: its first part, `controllers/*` inside a system's folder.
fn layer_of(module: &[String]) -> (String, Option<String>) {
    match module {
        [first, second, ..] if first == "controllers" && SYSTEMS.contains(&second.as_str()) => {
            ("controllers/*".to_string(), Some(second.clone()))
        }
        [first, ..] => (first.clone(), None),
        [] => ("lib".to_string(), None),
    }
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

fn word(s: &str) -> String {
    s.chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect()
}

/// The first two parts of every module path a line of code names, resolved to the crate
/// root: `crate::a::b`, each member of `crate::{a::b, c}`, and `super::x` seen from
/// `module` (the file's module path).
fn paths_in(line: &str, module: &[String]) -> Vec<Vec<String>> {
    let code = line.split("//").next().unwrap_or("");
    let mut found = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("crate::") {
        let after = &rest[at + "crate::".len()..];
        if let Some(group) = after.strip_prefix('{') {
            let inner = group.split('}').next().unwrap_or("");
            for member in inner.split(',') {
                let parts: Vec<String> = member.trim().split("::").take(2).map(word).collect();
                if parts.first().is_some_and(|p| !p.is_empty()) {
                    found.push(parts);
                }
            }
        } else {
            found.push(after.split("::").take(2).map(word).collect());
        }
        rest = after;
    }
    let mut rest = code;
    while let Some(at) = rest.find("super::") {
        // A `super::` inside a longer word (`foo_super::`) is not a path.
        let before = &rest[..at];
        if before.ends_with(|c: char| c.is_alphanumeric() || c == '_') {
            rest = &rest[at + 7..];
            continue;
        }
        let mut base: Vec<String> = module.to_vec();
        let mut after = &rest[at..];
        while let Some(r) = after.strip_prefix("super::") {
            base.pop();
            after = r;
        }
        let chain = rest.len() - after.len();
        let names: Vec<String> = if let Some(group) = after.strip_prefix('{') {
            let inner = group.split('}').next().unwrap_or("");
            inner.split(',').map(|m| word(m.trim())).collect()
        } else {
            vec![word(after)]
        };
        for name in names.into_iter().filter(|n| !n.is_empty()) {
            let mut full = base.clone();
            full.push(name);
            found.push(full.into_iter().take(2).collect());
        }
        rest = &rest[chain..];
    }
    found
}

/// Why `module` (a file's module path) may not import `target` (a resolved path), if
/// it may not.
fn forbidden(module: &[String], target: &[String]) -> Option<String> {
    let (layer, own) = layer_of(module);
    let (to, to_system) = layer_of(target);
    if layer == "lib" || to == layer && own == to_system {
        return None;
    }
    let file_is = |name: &str| module.get(1).is_some_and(|m| m == name);
    if to == "controllers/*" {
        let system = to_system.unwrap_or_default();
        return match layer.as_str() {
            // The registry is where the systems are listed.
            "controllers" if file_is("registry") => None,
            // An importer writes one system's monster file, checked by its own types.
            "import" if system == "ability_deck" => None,
            "controllers/*" => Some(format!(
                "system `{}` must not import system `{system}`",
                own.unwrap_or_default()
            )),
            _ => Some(format!(
                "`{layer}` must not name a system's folder (`controllers::{system}`): go through the seam"
            )),
        };
    }
    if layer == "controllers" && to == "controllers" {
        return None;
    }
    (!allowed(&layer).contains(&to.as_str())).then(|| format!("`{layer}` must not import `{to}`"))
}

fn violations(src: &Path) -> Vec<String> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    files.sort();
    let mut found = Vec::new();
    for file in files {
        let mut module = module_of(&file, src);
        let text = std::fs::read_to_string(&file).unwrap();
        for (n, line) in text.lines().enumerate() {
            // An inline module (`mod tests {`) runs, in our files, to the end of the file:
            // `super::` inside it starts one level deeper.
            let t = line.trim_start();
            let t = t.strip_prefix("pub(crate) ").unwrap_or(t);
            let t = t.strip_prefix("pub ").unwrap_or(t);
            if let Some(name) = t.strip_prefix("mod ").and_then(|r| r.strip_suffix(" {")) {
                module.push(name.to_string());
            }
            for target in paths_in(line, &module) {
                if let Some(why) = forbidden(&module, &target) {
                    found.push(format!(
                        "{}:{}: {why}: {}",
                        file.display(),
                        n + 1,
                        line.trim()
                    ));
                }
            }
        }
    }
    found
}

#[test]
fn imports_only_flow_downward() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let found = violations(&src);
    assert!(found.is_empty(), "forbidden imports:\n{}", found.join("\n"));
}

#[test]
fn every_folder_of_src_has_a_rule() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    for entry in std::fs::read_dir(&src).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        if name == "lib" || name == "main" {
            continue;
        }
        // Panics with a message when a layer has no rule.
        allowed(&name);
    }
}

fn m(path: &str) -> Vec<String> {
    path.split("::").map(str::to_string).collect()
}

#[test]
fn the_checker_sees_forbidden_imports() {
    let needs_turn = m("controllers::needs::turn");
    assert!(forbidden(&needs_turn, &m("controllers::ai_deck")).is_some());
    assert!(forbidden(&needs_turn, &m("controllers::runner")).is_none());
    assert!(forbidden(&needs_turn, &m("narration::text")).is_some());
    assert!(forbidden(&needs_turn, &m("render::svg")).is_some());
    assert!(forbidden(&m("grid::los"), &m("board::Fight")).is_some());
    assert!(forbidden(&m("board::load"), &m("rules::world")).is_some());
    assert!(forbidden(&m("simulate::play"), &m("controllers::schemes")).is_some());
    assert!(forbidden(&m("cli::simulate"), &m("controllers::needs")).is_some());
    assert!(forbidden(&m("controllers::registry"), &m("controllers::needs")).is_none());
    assert!(forbidden(&m("render::svg"), &m("controllers::Monsters")).is_some());
    assert!(forbidden(&m("narration::text"), &m("cli::output")).is_some());
    // Paths are found in groups and through `super::`.
    assert_eq!(
        paths_in("use crate::{board::Fight, rules};", &m("grid::los")),
        [m("board::Fight"), m("rules")]
    );
    assert_eq!(
        paths_in(
            "use super::super::ai_deck::play;",
            &m("controllers::needs::turn")
        ),
        [m("controllers::ai_deck")]
    );
    assert_eq!(
        paths_in(
            "use super::{events::X, state};",
            &m("controllers::needs::turn")
        ),
        [m("controllers::needs"), m("controllers::needs")]
    );
    assert!(paths_in("// crate::cli", &m("grid::los")).is_empty());
}
