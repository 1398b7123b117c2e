//! The board loader on arbitrary text: it must return a board or diagnostics, never panic,
//! and a board it accepts must survive a write and a second load unchanged.
#![no_main]

use libfuzzer_sys::fuzz_target;
use monster_ai_core::board::load::load_board;
use monster_ai_core::systems::Monsters;
use monster_ai::registry::Registry;

thread_local! {
    static GOBLINS: Box<dyn Monsters> = Registry::builtin()
        .load("goblins.toml", include_str!("../../schemes/goblins.toml"))
        .unwrap_or_else(|_| panic!("the shipped scheme loads"));
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    GOBLINS.with(|goblins| {
        let stats = goblins.as_ref();
        if let Ok(fight) = load_board("board.json", text, stats) {
            let written = fight.to_json();
            let again = load_board("again.json", &written, stats)
                .unwrap_or_else(|e| panic!("a written board does not load: {e}\n{written}"));
            assert_eq!(
                again.to_json(),
                written,
                "a reloaded board writes differently"
            );
        }
    });
});
