//! The symbol order the release build hands the linker (`link/symbol-order.txt`, written by
//! `link/order-symbols.sh`): checked to be what the linker can read, since a broken list
//! would not fail any build, it would only make start-up slower.

use std::collections::HashSet;

#[test]
fn the_symbol_order_is_one_unique_symbol_name_per_line() {
    let text = std::fs::read_to_string("link/symbol-order.txt").expect("link/symbol-order.txt");
    let mut seen = HashSet::new();
    for (i, name) in text.lines().enumerate() {
        let line = i + 1;
        assert!(!name.is_empty(), "line {line} is empty");
        assert!(
            name.chars().all(|c| c.is_ascii_graphic()),
            "line {line} is not one symbol name: {name:?}"
        );
        assert!(seen.insert(name), "line {line} repeats {name}");
    }
    assert!(seen.contains("main"), "the list lacks `main`");
    // Our own code (the workspace's crates, `monster_ai`, `monster_ai_core`, ..., as both
    // manglings spell them), not only the standard library's.
    let ours = seen
        .iter()
        .filter(|name| name.contains("monster_ai"))
        .count();
    assert!(ours > 100, "only {ours} of our functions are listed");
}
