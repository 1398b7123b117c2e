//! The README's "Playing a fight solo" walk-through, run command by command: every `$ `
//! line of its code block must succeed, in a scratch copy of the shipped files. The game is
//! played in `play/`, so the shipped scenarios must come out of it byte for byte as they went in.

use std::fs;
use std::process::Command;

#[test]
fn the_readme_walk_through_runs() {
    let readme = fs::read_to_string(crate::common::repo().join("README.md")).unwrap();
    let section = readme
        .split("## Playing a fight solo")
        .nth(1)
        .expect("the walk-through section");
    let section = section.split("\n## ").next().unwrap();
    let commands: Vec<&str> = section
        .lines()
        .filter_map(|l| l.strip_prefix("$ "))
        .collect();
    assert!(commands.len() >= 10, "the walk-through lost its commands");

    let dir = crate::common::temp_dir("readme");
    for folder in ["schemes", "scenarios"] {
        fs::create_dir_all(dir.join(folder)).unwrap();
        for path in crate::common::tracked(folder) {
            fs::copy(&path, dir.join(folder).join(path.file_name().unwrap())).unwrap();
        }
    }
    for command in commands {
        let line = command.replacen("monster-ai", crate::common::bin(), 1);
        let out = Command::new("sh")
            .arg("-c")
            .arg(&line)
            .current_dir(&dir)
            .env("NO_COLOR", "1")
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "`{command}` failed:\n{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    for entry in fs::read_dir(crate::common::repo().join("scenarios")).unwrap() {
        let entry = entry.unwrap();
        let copy = dir.join("scenarios").join(entry.file_name());
        assert_eq!(
            fs::read(&copy).unwrap(),
            fs::read(entry.path()).unwrap(),
            "the walk-through changed {}",
            copy.display()
        );
    }
    let leftovers: Vec<_> = fs::read_dir(dir.join("scenarios"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".lock") || name.ends_with(".history"))
        .collect();
    assert!(leftovers.is_empty(), "left in scenarios/: {leftovers:?}");
    assert!(
        fs::read_to_string(dir.join("play/my-fight.svg"))
            .unwrap()
            .contains("<svg")
    );
    let board: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(dir.join("play/my-fight.json")).unwrap()).unwrap();
    assert_eq!(board["cards_drawn"], 4, "four cards revealed");
    let _ = fs::remove_dir_all(&dir);
}

/// Lock and history files are left wherever a board or monster file is written, and the
/// walk-through plays in `play/`: none of them belongs in the repository.
#[test]
fn gitignore_keeps_locks_histories_and_play_out() {
    let ignore = fs::read_to_string(crate::common::repo().join(".gitignore")).unwrap();
    let rules: Vec<&str> = ignore.lines().map(str::trim).collect();
    for rule in ["*.lock", "!Cargo.lock", "*.history", "/play/"] {
        assert!(rules.contains(&rule), ".gitignore lacks `{rule}`");
    }
}
