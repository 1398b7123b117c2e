//! A reader that stops early (`monster-ai show big.json | head -1`) must not make the tool
//! panic or fail: the output just ends.

use std::io::Read;
use std::process::{Command, Stdio};

#[test]
fn a_closed_pipe_ends_the_output_quietly() {
    // A 300x300 map is far more than a pipe holds, so the writer meets the closed pipe.
    let board = serde_json::json!({
        "format": 1,
        "grid": { "kind": "square", "width": 300, "height": 300 },
        "creatures": [{ "id": "aria", "side": "players", "position": "A1", "hp": 5 }]
    });
    let t = crate::common::Table::new("closed-pipe", &board);
    for args in [
        &["show", "board.json", "--ascii"][..],
        &["schema", "board"][..],
    ] {
        let mut child = Command::new(crate::common::bin())
            .args(args)
            .current_dir(&t.dir)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = [0u8; 1];
        child
            .stdout
            .as_mut()
            .unwrap()
            .read_exact(&mut first)
            .unwrap();
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert_eq!(out.status.code(), Some(0), "{args:?}: {stderr}");
    }
}
