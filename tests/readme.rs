//! The README's "Playing a fight solo" walk-through, run command by command: every `$ `
//! line of its code block must succeed, in a scratch copy of the shipped files.

mod common;

use std::fs;
use std::process::Command;

#[test]
fn the_readme_walk_through_runs() {
    let readme = fs::read_to_string(common::repo().join("README.md")).unwrap();
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

    let dir = common::temp_dir("readme");
    for folder in ["schemes", "scenarios"] {
        fs::create_dir_all(dir.join(folder)).unwrap();
        for path in common::tracked(folder) {
            fs::copy(&path, dir.join(folder).join(path.file_name().unwrap())).unwrap();
        }
    }
    for command in commands {
        let line = command.replacen("monster-ai", common::bin(), 1);
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
    assert!(
        fs::read_to_string(dir.join("my-fight.svg"))
            .unwrap()
            .contains("<svg")
    );
    let board: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(dir.join("scenarios/my-fight.json")).unwrap())
            .unwrap();
    assert_eq!(board["cards_drawn"], 4, "four cards revealed");
    let _ = fs::remove_dir_all(&dir);
}
