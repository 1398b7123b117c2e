//! The board loader on arbitrary text: it must return a board or diagnostics, never panic,
//! and a board it accepts must survive a write and a second load unchanged.
#![no_main]

use libfuzzer_sys::fuzz_target;
use monster_ai::board::load::load_board;
use monster_ai::controllers::scheme::{Scheme, load_scheme};
use std::sync::OnceLock;

fn goblins() -> &'static Scheme {
    static SCHEME: OnceLock<Scheme> = OnceLock::new();
    SCHEME.get_or_init(|| {
        load_scheme("goblins.toml", include_str!("../../schemes/goblins.toml"))
            .expect("the shipped scheme loads")
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let scheme = goblins();
    if let Ok(fight) = load_board("board.json", text, scheme) {
        let written = fight.to_json();
        let again = load_board("again.json", &written, scheme)
            .unwrap_or_else(|e| panic!("a written board does not load: {e}\n{written}"));
        assert_eq!(again.to_json(), written, "a reloaded board writes differently");
    }
});
