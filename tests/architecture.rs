//! The layers of the library, checked: imports only flow downward, and controllers never
//! reach into each other. A forbidden `crate::…` path anywhere in a layer's files (code,
//! not comments) fails this test with the file and line.
//!
//! ```text
//! cli ─► simulate ─► controllers/* ─► rules ─► board ─► grid
//!  └──► import ─► controllers/ability_deck (its file format), board, grid, io
//!                          │                     └────► chance
//!                          └─ each controller folder sees only itself and controllers/mod.rs
//! ```

use std::path::{Path, PathBuf};

/// The layer a file belongs to: its first folder under `src/`, and for controllers the
/// controller folder as well.
fn layer_of(file: &Path, src: &Path) -> (String, Option<String>) {
    let rel = file.strip_prefix(src).unwrap();
    let parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    let top = parts[0].trim_end_matches(".rs").to_string();
    let sub = (top == "controllers" && parts.len() > 2).then(|| parts[1].clone());
    (top, sub)
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

/// Every `crate::a::b` path in a line of code, as (a, b).
fn crate_paths(line: &str) -> Vec<(String, String)> {
    let code = line.split("//").next().unwrap_or("");
    let mut found = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("crate::") {
        let after = &rest[at + "crate::".len()..];
        let word = |s: &str| {
            s.chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect::<String>()
        };
        let first = word(after);
        let second = after[first.len()..]
            .strip_prefix("::")
            .map(word)
            .unwrap_or_default();
        found.push((first, second));
        rest = after;
    }
    found
}

/// Why `file` (in `layer`) may not import `crate::target::sub`, if it may not.
fn forbidden(layer: &(String, Option<String>), target: &str, sub: &str) -> Option<String> {
    let below_only = |banned: &[&str]| {
        banned
            .contains(&target)
            .then(|| format!("`{}` must not import `{target}`", layer.0))
    };
    match layer.0.as_str() {
        "grid" => below_only(&["board", "rules", "controllers", "simulate", "cli", "chance"]),
        "chance" => below_only(&["grid", "board", "rules", "controllers", "simulate", "cli"]),
        "board" => below_only(&["rules", "controllers", "simulate", "cli"]),
        "rules" => below_only(&["controllers", "simulate", "cli"]),
        "simulate" => below_only(&["cli"]),
        "import" => {
            if let Some(why) = below_only(&["cli", "simulate", "rules", "narration", "render"]) {
                return Some(why);
            }
            (target == "controllers" && !sub.is_empty() && sub != "ability_deck")
                .then(|| format!("`import` reads only the ability-deck format, not `{sub}`"))
        }
        "controllers" => {
            if target == "cli" || target == "simulate" {
                return Some(format!("controllers must not import `{target}`"));
            }
            let own = layer.1.as_deref()?;
            let other_controller = target == "controllers"
                && !sub.is_empty()
                && sub != own
                && Path::new("src/controllers").join(sub).is_dir();
            other_controller
                .then(|| format!("controller `{own}` must not import controller `{sub}`"))
        }
        _ => None,
    }
}

fn violations(src: &Path) -> Vec<String> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    files.sort();
    let mut found = Vec::new();
    for file in files {
        let layer = layer_of(&file, src);
        let text = std::fs::read_to_string(&file).unwrap();
        for (n, line) in text.lines().enumerate() {
            for (target, sub) in crate_paths(line) {
                if let Some(why) = forbidden(&layer, &target, &sub) {
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
    std::env::set_current_dir(env!("CARGO_MANIFEST_DIR")).unwrap();
    let found = violations(&src);
    assert!(found.is_empty(), "forbidden imports:\n{}", found.join("\n"));
}

#[test]
fn the_checker_sees_a_forbidden_import() {
    std::env::set_current_dir(env!("CARGO_MANIFEST_DIR")).unwrap();
    let grid = ("grid".to_string(), None);
    assert!(forbidden(&grid, "board", "Fight").is_some());
    assert!(forbidden(&grid, "grid", "Cell").is_none());
    let board = ("board".to_string(), None);
    assert!(forbidden(&board, "rules", "dice").is_some());
    assert!(forbidden(&board, "chance", "dice").is_none());
    let scheme = ("controllers".to_string(), Some("scheme".to_string()));
    assert!(forbidden(&scheme, "controllers", "ability_deck").is_some());
    assert!(forbidden(&scheme, "controllers", "scheme").is_none());
    assert!(forbidden(&scheme, "controllers", "runner").is_none());
    assert!(forbidden(&scheme, "rules", "world").is_none());
    assert_eq!(
        crate_paths("use crate::rules::world::World; // crate::cli"),
        [("rules".to_string(), "world".to_string())]
    );
}
