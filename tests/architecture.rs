//! The shape of the workspace, checked. Crates depend downward only (their Cargo.toml),
//! a system crate shows nothing but its registration (the compiler keeps the rest out of
//! reach; this test keeps the face from growing), and only the app's registry names a
//! system. Inside the core and the app, imports flow downward between layers: every
//! module path a file names — `crate::a::b`, a `use crate::{a, b::c}` group, and
//! `super::…` resolved from the file's place — is held against the table below; a
//! forbidden one fails with the file and line. Inside each folder of every crate, files
//! import one way only: a circle among them fails `no_import_circle_inside_a_folder`; and
//! no circle runs through folders (`no_import_circle_inside_a_crate`, where a folder's
//! `mod.rs` may hand on what its own files define).
//!
//! ```text
//!   monster-ai (src/: the app)
//!       cli ──────────────────────────────► import (crate)
//!        │                                     │  GHS and gloom files, written
//!        ├──────────┬─────────────┐            │  through ability-deck's importers
//!        ▼          ▼             ▼            ▼
//!    simulate   narration      render
//!        │          │             │
//!        ▼          │             │
//!      fight        │             │
//!        │          │             │
//!        ▼          │             │
//!    registry ──────┼─────────────┼──► schemes, ability-deck, ai-deck, needs (crates;
//!        │          │             │     each shows only SYSTEM, never each other)
//!        ▼          ▼             ▼           │        └──► focus (crate: the solver)
//!   monster-ai-core (crates/core) ◄───────────┘
//!      systems (the seam: System, Monsters, the shared turn)
//!        ▼
//!      rules ──► board ──► grid, chance ──► io + error
//! ```

use std::path::{Path, PathBuf};

/// The workspace's crates: the folder of its sources and its package name.
const CRATES: [(&str, &str); 8] = [
    ("src", "monster-ai"),
    ("crates/core/src", "monster-ai-core"),
    ("crates/focus/src", "monster-ai-focus"),
    ("crates/schemes/src", "monster-ai-schemes"),
    ("crates/ability-deck/src", "monster-ai-ability-deck"),
    ("crates/ai-deck/src", "monster-ai-ai-deck"),
    ("crates/needs/src", "monster-ai-needs"),
    ("crates/import/src", "monster-ai-import"),
];

/// The system crates, by package name.
const SYSTEMS: [&str; 4] = [
    "monster-ai-schemes",
    "monster-ai-ability-deck",
    "monster-ai-ai-deck",
    "monster-ai-needs",
];

/// Which of the workspace's crates a crate may depend on.
fn crate_may_use(name: &str) -> &'static [&'static str] {
    match name {
        "monster-ai-core" => &[],
        "monster-ai-focus" | "monster-ai-schemes" | "monster-ai-ai-deck" | "monster-ai-needs" => {
            &["monster-ai-core"]
        }
        "monster-ai-ability-deck" => &["monster-ai-core", "monster-ai-focus"],
        // An importer writes the ability-deck system's monster files through its
        // `importers` face.
        "monster-ai-import" => &[
            "monster-ai-core",
            "monster-ai-focus",
            "monster-ai-ability-deck",
        ],
        "monster-ai" => &[
            "monster-ai-core",
            "monster-ai-focus",
            "monster-ai-schemes",
            "monster-ai-ability-deck",
            "monster-ai-ai-deck",
            "monster-ai-needs",
            "monster-ai-import",
        ],
        other => panic!("crate `{other}` has no rule in tests/architecture.rs: add one"),
    }
}

/// What each layer of the core and of the app may import (besides itself). In the app,
/// `crate::board` and the other core layers are the core's modules under their own names.
fn allowed(layer: &str) -> &'static [&'static str] {
    const CORE: &[&str] = &["systems", "rules", "board", "grid", "chance", "io", "error"];
    match layer {
        "grid" | "chance" => &[],
        "io" | "error" => &["io", "error"],
        "board" => &["grid", "chance", "io", "error"],
        "rules" => &["board", "grid", "chance", "io", "error"],
        "systems" => &["rules", "board", "grid", "chance", "io", "error"],
        "registry" => &["systems", "io", "error"],
        "fight" => &[
            "registry", "systems", "rules", "board", "grid", "chance", "io", "error",
        ],
        "narration" | "render" => &["rules", "board", "grid", "chance", "io", "error"],
        "simulate" => &[
            "fight",
            "narration",
            "render",
            "registry",
            "systems",
            "rules",
            "board",
            "grid",
            "chance",
            "io",
            "error",
        ],
        "cli" => &[
            "import",
            "simulate",
            "fight",
            "narration",
            "render",
            "registry",
            "systems",
            "rules",
            "board",
            "grid",
            "chance",
            "io",
            "error",
        ],
        other if CORE.contains(&other) => unreachable!(),
        other => panic!("`src/{other}` has no rule in tests/architecture.rs: add one"),
    }
}

/// The crates whose layers `allowed` rules: the core and the app.
const LAYERED: [&str; 2] = ["crates/core/src", "src"];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The workspace crates a Cargo.toml depends on (normal, dev and build dependencies).
fn workspace_deps(manifest: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(manifest).unwrap();
    let doc: toml::Table = toml::from_str(&text).unwrap();
    let mut out = Vec::new();
    for section in ["dependencies", "dev-dependencies", "build-dependencies"] {
        if let Some(deps) = doc.get(section).and_then(|d| d.as_table()) {
            out.extend(deps.keys().filter(|k| k.starts_with("monster-ai")).cloned());
        }
    }
    out
}

#[test]
fn crates_depend_only_downward() {
    let mut found = Vec::new();
    for (src, name) in CRATES {
        let manifest = root().join(src).parent().unwrap().join("Cargo.toml");
        for dep in workspace_deps(&manifest) {
            if !crate_may_use(name).contains(&dep.as_str()) {
                found.push(format!(
                    "{}: `{name}` must not depend on `{dep}`",
                    manifest.display()
                ));
            }
        }
    }
    assert!(
        found.is_empty(),
        "forbidden dependencies:\n{}",
        found.join("\n")
    );
}

#[test]
fn every_crate_has_a_rule() {
    for entry in std::fs::read_dir(root().join("crates")).unwrap() {
        let folder = entry.unwrap().path();
        let src = format!(
            "crates/{}/src",
            folder.file_name().unwrap().to_string_lossy()
        );
        assert!(
            CRATES.iter().any(|(s, _)| *s == src),
            "{} is not listed in tests/architecture.rs's CRATES: add it with its rule",
            folder.display()
        );
    }
}

/// The public items a system crate's lib.rs declares, outside comments and test code.
fn public_face(lib: &str) -> Vec<String> {
    code_of(lib)
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with("pub ") || l.starts_with("pub("))
        .filter(|l| !l.starts_with("pub(crate)") && !l.starts_with("pub(super)"))
        .map(str::to_string)
        .collect()
}

#[test]
fn a_system_shows_only_its_registration() {
    for (src, name) in CRATES.iter().filter(|(_, n)| SYSTEMS.contains(n)) {
        let lib = std::fs::read_to_string(root().join(src).join("lib.rs")).unwrap();
        let mut face = public_face(&lib);
        // The ability-deck system's one other face: what the importers need.
        face.retain(|l| !(*name == "monster-ai-ability-deck" && l == "pub mod importers;"));
        assert_eq!(
            face,
            ["pub use system::SYSTEM;"],
            "{src}/lib.rs shows more than SYSTEM"
        );
    }
    assert_eq!(
        public_face("//! x\npub use system::SYSTEM;\npub(crate) fn f() {}\npub mod turn;\n"),
        ["pub use system::SYSTEM;", "pub mod turn;"]
    );
}

#[test]
fn only_the_registry_names_a_system() {
    let mut files = Vec::new();
    rust_files(&root().join("src"), &mut files);
    files.sort();
    let mut found = Vec::new();
    for file in files {
        let text = code_of(&std::fs::read_to_string(&file).unwrap());
        for system in SYSTEMS {
            let path = system.replace('-', "_");
            if text.contains(&format!("{path}::")) && !file.ends_with("registry.rs") {
                found.push(format!(
                    "{} names `{path}`: go through the registry",
                    file.display()
                ));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// A file's module path in its crate (`["rules", "world", "strike"]`; a `mod.rs` is
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

/// The layer of a module path: its first part.
fn layer_of(module: &[String]) -> String {
    match module {
        [first, ..] => first.clone(),
        [] => "lib".to_string(),
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
    let layer = layer_of(module);
    let to = layer_of(target);
    if layer == "lib" || to == layer {
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
    let mut found = Vec::new();
    for src in LAYERED {
        found.extend(violations(&root().join(src)));
    }
    assert!(found.is_empty(), "forbidden imports:\n{}", found.join("\n"));
}

#[test]
fn every_folder_of_the_core_and_the_app_has_a_rule() {
    for src in LAYERED {
        for entry in std::fs::read_dir(root().join(src)).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_stem().unwrap().to_string_lossy().into_owned();
            if name == "lib" || name == "main" {
                continue;
            }
            // Panics with a message when a layer has no rule.
            allowed(&name);
        }
    }
}

fn m(path: &str) -> Vec<String> {
    path.split("::").map(str::to_string).collect()
}

#[test]
fn the_checker_sees_forbidden_imports() {
    assert!(forbidden(&m("grid::sight"), &m("board::Fight")).is_some());
    assert!(forbidden(&m("board::load"), &m("rules::world")).is_some());
    assert!(forbidden(&m("rules::world"), &m("systems::Monsters")).is_some());
    assert!(forbidden(&m("systems::runner"), &m("rules::world")).is_none());
    assert!(forbidden(&m("render::svg"), &m("registry::Registry")).is_some());
    assert!(forbidden(&m("narration::text"), &m("cli::output")).is_some());
    assert!(forbidden(&m("simulate::play"), &m("cli::output")).is_some());
    assert!(forbidden(&m("cli::simulate"), &m("registry::Registry")).is_none());
    // Paths are found in groups and through `super::`.
    assert_eq!(
        paths_in("use crate::{board::Fight, rules};", &m("grid::sight")),
        [m("board::Fight"), m("rules")]
    );
    assert_eq!(
        paths_in(
            "use super::super::ai_deck::play;",
            &m("systems::needs::turn")
        ),
        [m("systems::ai_deck")]
    );
    assert_eq!(
        paths_in("use super::{events::X, state};", &m("systems::needs::turn")),
        [m("systems::needs"), m("systems::needs")]
    );
    assert!(paths_in("// crate::cli", &m("grid::sight")).is_empty());
}

// ---------------------------------------------------------------------------------------
// No import circles inside a folder: the files of one folder import each other one way
// only, so each can be read after the ones it uses.

/// Folders that may still hold a circle, each with why (none today).
const CIRCLES_ALLOWED: &[&str] = &[];

/// The text of a file without comments and without its test-only code: an item under
/// `#[cfg(test)]` (an inline `mod tests { … }` runs to the end of the file).
fn code_of(text: &str) -> String {
    let mut out = String::new();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        let code = line.split("//").next().unwrap_or("");
        if code.trim() != "#[cfg(test)]" {
            out.push_str(code);
            out.push('\n');
            continue;
        }
        // Skip the item: up to its `;` or through its balanced braces.
        let mut depth = 0i32;
        let mut opened = false;
        for line in lines.by_ref() {
            let code = line.split("//").next().unwrap_or("");
            for c in code.chars() {
                match c {
                    '{' => {
                        depth += 1;
                        opened = true;
                    }
                    '}' => depth -= 1,
                    _ => {}
                }
            }
            let t = code.trim();
            if t.starts_with("#[") {
                continue;
            }
            if (opened && depth <= 0) || (!opened && t.ends_with(';')) {
                break;
            }
        }
    }
    out
}

/// Every full path a use-tree names, from the text right after its prefix
/// (`a::b::{c, d::{e, f}}` gives `a::b::c`, `a::b::d::e`, `a::b::d::f`).
fn use_tree(text: &str) -> Vec<Vec<String>> {
    fn tree(s: &str, at: &mut usize, prefix: Vec<String>, out: &mut Vec<Vec<String>>) {
        let bytes = s.as_bytes();
        let skip_ws = |at: &mut usize| {
            while *at < bytes.len() && (bytes[*at] as char).is_whitespace() {
                *at += 1;
            }
        };
        let mut path = prefix;
        loop {
            skip_ws(at);
            if *at < bytes.len() && bytes[*at] == b'{' {
                *at += 1;
                loop {
                    tree(s, at, path.clone(), out);
                    skip_ws(at);
                    match bytes.get(*at) {
                        Some(b',') => *at += 1,
                        Some(b'}') => {
                            *at += 1;
                            return;
                        }
                        _ => return,
                    }
                    skip_ws(at);
                    if bytes.get(*at) == Some(&b'}') {
                        *at += 1;
                        return;
                    }
                }
            }
            let name = word(&s[*at..]);
            if name.is_empty() {
                break;
            }
            *at += name.len();
            path.push(name);
            skip_ws(at);
            if s[*at..].starts_with("::") {
                *at += 2;
            } else {
                break;
            }
        }
        if !path.is_empty() {
            out.push(path);
        }
    }
    let mut out = Vec::new();
    tree(text, &mut 0, Vec::new(), &mut out);
    out
}

/// Every module path a file's code names, from the crate root: `crate::…` and `super::…`
/// paths, groups (nested too) and paths inside expressions alike.
fn full_paths(code: &str, module: &[String]) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    for (at, _) in code.match_indices("crate::") {
        let before = &code[..at];
        if before.ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == '$') {
            continue;
        }
        found.extend(use_tree(&code[at + "crate::".len()..]));
    }
    let mut from = 0;
    while let Some(found_at) = code[from..].find("super::") {
        let at = from + found_at;
        let before = &code[..at];
        let mut after = &code[at..];
        from = at + "super::".len();
        if before.ends_with(|c: char| c.is_alphanumeric() || c == '_' || c == ':') {
            continue;
        }
        let mut base = module.to_vec();
        while let Some(rest) = after.strip_prefix("super::") {
            base.pop();
            after = rest;
        }
        from = code.len() - after.len();
        for path in use_tree(after) {
            let mut full = base.clone();
            full.extend(path);
            found.push(full);
        }
    }
    found
}

/// One file of `src/` for the circle check: its module path, its whole text and its code
/// (without comments and test-only items).
struct Source {
    module: Vec<String>,
    /// A `mod.rs` (the folder's own module, not one of its files).
    folder: bool,
    text: String,
    code: String,
}

/// Files declared only for tests (`#[cfg(test)] mod x;`), by module path.
fn test_only_modules(files: &[Source]) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for file in files {
        let mut lines = file.text.lines().map(str::trim);
        while let Some(line) = lines.next() {
            if line == "#[cfg(test)]"
                && let Some(next) = lines.next()
            {
                let next = next.strip_prefix("pub(crate) ").unwrap_or(next);
                if let Some(name) = next.strip_prefix("mod ").and_then(|r| r.strip_suffix(';')) {
                    let mut m = file.module.clone();
                    m.push(name.to_string());
                    out.push(m);
                }
            }
        }
    }
    out
}

/// Every Rust file under `src`, read, in path order.
fn sources(src: &Path) -> Vec<Source> {
    let mut paths = Vec::new();
    rust_files(src, &mut paths);
    paths.sort();
    paths
        .iter()
        .map(|p| {
            let text = std::fs::read_to_string(p).unwrap();
            Source {
                module: module_of(p, src),
                folder: p.ends_with("mod.rs"),
                code: code_of(&text),
                text,
            }
        })
        .collect()
}

/// The module (a file's) that `path` names: its longest prefix that is a module.
fn file_of<'a>(files: &[Source], path: &'a [String]) -> Option<&'a [String]> {
    (1..=path.len())
        .rev()
        .map(|n| &path[..n])
        .find(|p| files.iter().any(|f| f.module == *p))
}

/// The import arrows between the files of each folder: (folder, from, to). A folder's
/// `mod.rs` is the folder itself and a sub-folder is a folder of its own, so neither is
/// one of its files.
fn folder_arrows(src: &Path) -> Vec<(String, String, String)> {
    let files = sources(src);
    let tests_only = test_only_modules(&files);
    let is_test = |m: &[String]| tests_only.iter().any(|t| m.starts_with(t));
    // A plain file of a folder (not its `mod.rs`, not a sub-folder), by module path.
    let is_file = |m: &[String]| files.iter().any(|f| f.module == m && !f.folder);
    let mut arrows = Vec::new();
    for file in files.iter().filter(|f| !f.folder && !is_test(&f.module)) {
        let (folder, from) = file.module.split_at(file.module.len() - 1);
        for path in full_paths(&file.code, &file.module) {
            let Some(target) = file_of(&files, &path) else {
                continue;
            };
            let sibling = target.len() == file.module.len() && target.starts_with(folder);
            if sibling && target != file.module && is_file(target) && !is_test(target) {
                let arrow = (
                    folder.join("/"),
                    from[0].clone(),
                    target[folder.len()].clone(),
                );
                if !arrows.contains(&arrow) {
                    arrows.push(arrow);
                }
            }
        }
    }
    arrows
}

/// The import arrows between the files of one crate, whatever their folders: (from, to),
/// as module paths. A folder's `mod.rs` hands on what its own files define (`pub use`),
/// so its arrows into its own folder are left out; a file's arrows up to that `mod.rs`
/// stay.
fn crate_arrows(src: &Path) -> Vec<(String, String)> {
    let files = sources(src);
    let tests_only = test_only_modules(&files);
    let is_test = |m: &[String]| tests_only.iter().any(|t| m.starts_with(t));
    let mut arrows = Vec::new();
    for file in files.iter().filter(|f| !is_test(&f.module)) {
        for path in full_paths(&file.code, &file.module) {
            let Some(target) = file_of(&files, &path) else {
                continue;
            };
            let own = file.folder && target.starts_with(&file.module);
            if target != file.module && !own && !is_test(target) {
                let arrow = (file.module.join("::"), target.join("::"));
                if !arrows.contains(&arrow) {
                    arrows.push(arrow);
                }
            }
        }
    }
    arrows
}

/// Every room `arrows` lead to from `from`, `from` included.
fn reaches<'a>(arrows: &'a [(String, String)], from: &'a String) -> Vec<&'a String> {
    let mut seen = vec![from];
    let mut stack = vec![from];
    while let Some(at) = stack.pop() {
        for (a, b) in arrows {
            if a == at && !seen.contains(&b) {
                seen.push(b);
                stack.push(b);
            }
        }
    }
    seen
}

/// The circles among `arrows` (one folder's): each strongly connected set of two or more
/// rooms, sorted.
fn circles(arrows: &[(String, String)]) -> Vec<Vec<String>> {
    let mut rooms: Vec<&String> = arrows.iter().flat_map(|(a, b)| [a, b]).collect();
    rooms.sort();
    rooms.dedup();
    let mut out: Vec<Vec<String>> = Vec::new();
    for r in &rooms {
        let mine = reaches(arrows, r);
        let mut set: Vec<String> = rooms
            .iter()
            .filter(|o| mine.contains(o) && reaches(arrows, o).contains(r))
            .map(|o| o.to_string())
            .collect();
        set.sort();
        if set.len() > 1 && !out.contains(&set) {
            out.push(set);
        }
    }
    out
}

fn circles_by_folder(src: &Path, label: &str) -> Vec<(String, Vec<String>)> {
    let arrows = folder_arrows(src);
    let mut folders: Vec<&String> = arrows.iter().map(|(f, _, _)| f).collect();
    folders.sort();
    folders.dedup();
    let mut out = Vec::new();
    for folder in folders {
        let mine: Vec<(String, String)> = arrows
            .iter()
            .filter(|(f, _, _)| f == folder)
            .map(|(_, a, b)| (a.clone(), b.clone()))
            .collect();
        for circle in circles(&mine) {
            let at = if folder.is_empty() {
                label.to_string()
            } else {
                format!("{label}/{folder}")
            };
            out.push((at, circle));
        }
    }
    out
}

#[test]
fn no_import_circle_inside_a_folder() {
    let found: Vec<String> = CRATES
        .iter()
        .flat_map(|(src, _)| circles_by_folder(&root().join(src), src))
        .filter(|(folder, _)| !CIRCLES_ALLOWED.contains(&folder.as_str()))
        .map(|(folder, rooms)| format!("{folder}: {}", rooms.join(" -> ")))
        .collect();
    assert!(
        found.is_empty(),
        "files of one folder import each other in a circle (move the shared item into a \
         module both can use, or to the file that uses it):\n{}",
        found.join("\n")
    );
}

/// No import circle runs through folders either: `rules/world/` (where `World` changes the
/// fight) never imports a file of `rules/` that takes a `World` back.
#[test]
fn no_import_circle_inside_a_crate() {
    let found: Vec<String> = CRATES
        .iter()
        .flat_map(|(src, _)| {
            circles(&crate_arrows(&root().join(src)))
                .into_iter()
                .map(move |rooms| format!("{src}: {}", rooms.join(" -> ")))
        })
        .collect();
    assert!(
        found.is_empty(),
        "files of one crate import each other in a circle (move the shared item down, or \
         let the lower file reach the upper one through a method or a trait it is given):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_circle_check_sees_circles() {
    let arrows = |pairs: &[(&str, &str)]| -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    };
    assert!(circles(&arrows(&[("a", "b"), ("b", "c")])).is_empty());
    assert_eq!(
        circles(&arrows(&[("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")])),
        [["a", "b", "c"]]
    );
    assert_eq!(
        use_tree("grid::{a::X, b::{c, d::Y}, e};"),
        [
            m("grid::a::X"),
            m("grid::b::c"),
            m("grid::b::d::Y"),
            m("grid::e")
        ]
    );
    assert_eq!(
        full_paths(
            "use super::{near::Near,\n    probe};\nlet x = super::super::chance::roll();",
            &m("grid::sight::shadow")
        ),
        [
            m("grid::sight::near::Near"),
            m("grid::sight::probe"),
            m("grid::chance::roll")
        ]
    );
    let code =
        code_of("use a;\n#[cfg(test)]\nuse b;\n#[cfg(test)]\nfn t() {\n  x();\n}\nuse c; // d\n");
    assert_eq!(code, "use a;\nuse c; \n");
}
