//! Golden-file tests: each folder in `tests/golden/` holds a command line (`cmd`), the
//! files it needs, and the expected standard output (`stdout`), error output (`stderr`),
//! exit code (`code`, default 0) and, for commands that write the board, the expected
//! board (`board.expected.json`). The command runs in a temporary copy of the folder.
//!
//! Re-bless after an intended change with `BLESS=1 cargo test --test integration golden::`, then review
//! the diff: expected files must be checked by hand, never accepted blindly.
//!
//! In `cmd`, `{goblins}` and `{crypt}` stand for the shipped `schemes/goblins.toml` and
//! `schemes/crypt.toml`, `{needs}` for `schemes/needs-dungeon.toml`, and `{scenarios}`
//! for the shipped `scenarios/` folder. Words
//! are split on spaces; "double quotes" group.

use std::fs;
use std::path::Path;

fn split(cmd: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    let mut any = false;
    for ch in cmd.trim().chars() {
        match ch {
            '"' => {
                quoted = !quoted;
                any = true;
            }
            c if c.is_whitespace() && !quoted => {
                if any {
                    words.push(std::mem::take(&mut cur));
                    any = false;
                }
            }
            c => {
                cur.push(c);
                any = true;
            }
        }
    }
    if any {
        words.push(cur);
    }
    words
}

fn copy_dir(from: &Path, to: &Path) {
    for entry in fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        fs::copy(entry.path(), to.join(entry.file_name())).unwrap();
    }
}

fn check_or_bless(path: &Path, actual: &str, bless: bool, failures: &mut Vec<String>) {
    if bless {
        fs::write(path, actual).unwrap();
        return;
    }
    let expected = fs::read_to_string(path)
        .unwrap_or_else(|_| panic!("missing {} (run with BLESS=1 to create it)", path.display()));
    if expected != actual {
        failures.push(format!(
            "{} differs.\n--- expected\n{expected}\n--- actual\n{actual}",
            path.display()
        ));
    }
}

#[test]
fn golden_cases() {
    let bless = std::env::var_os("BLESS").is_some();
    let root = crate::common::repo().join("tests/golden");
    let mut cases: Vec<_> = fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .collect();
    cases.sort();
    assert!(!cases.is_empty());
    let mut failures = Vec::new();
    for case in &cases {
        let name = case.file_name().unwrap().to_string_lossy().to_string();
        let dir = crate::common::temp_dir(&format!("golden-{name}"));
        copy_dir(case, &dir);
        let cmd = fs::read_to_string(case.join("cmd")).unwrap();
        let repo_path = |p: &str| crate::common::repo().join(p).display().to_string();
        let cmd = cmd
            .replace("{goblins}", &crate::common::goblins())
            .replace("{crypt}", &repo_path("schemes/crypt.toml"))
            .replace("{needs}", &repo_path("schemes/needs-dungeon.toml"))
            .replace("{scenarios}", &repo_path("scenarios"));
        let words = split(&cmd);
        let args: Vec<&str> = words.iter().map(String::as_str).collect();
        let stdin = fs::read_to_string(case.join("stdin")).unwrap_or_default();
        let before = fs::read(dir.join("board.json")).ok();
        let mut run = crate::common::run_in(&dir, &args, &stdin);
        // Paths to the repository differ between machines: compare them as `{repo}`.
        let repo = crate::common::repo().display().to_string();
        run.stdout = run.stdout.replace(&repo, "{repo}");
        run.stderr = run.stderr.replace(&repo, "{repo}");
        let expected_code: i32 = fs::read_to_string(case.join("code"))
            .map(|s| s.trim().parse().unwrap())
            .unwrap_or(0);
        if bless && expected_code == 0 && run.code != 0 {
            failures.push(format!(
                "{name}: exit code {} while blessing: {}",
                run.code, run.stderr
            ));
            continue;
        }
        if run.code != expected_code {
            failures.push(format!(
                "{name}: exit code {} (expected {expected_code}); stderr:\n{}",
                run.code, run.stderr
            ));
        }
        check_or_bless(&case.join("stdout"), &run.stdout, bless, &mut failures);
        check_or_bless(&case.join("stderr"), &run.stderr, bless, &mut failures);
        let after = fs::read(dir.join("board.json")).ok();
        if run.code != 0 {
            assert_eq!(before, after, "{name}: a failed command changed the board");
        } else if case.join("board.expected.json").exists() || (bless && before != after) {
            let text = String::from_utf8(after.unwrap_or_default()).unwrap();
            check_or_bless(
                &case.join("board.expected.json"),
                &text,
                bless,
                &mut failures,
            );
        }
        let _ = fs::remove_dir_all(&dir);
    }
    assert!(
        failures.is_empty(),
        "{} golden case(s) failed:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}
