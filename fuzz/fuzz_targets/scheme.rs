//! The scheme-file loaders (scheme monsters and ability-deck types) on arbitrary text:
//! a scheme or diagnostics, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use monster_ai::controllers::ability_deck::{load_decks, uses_ability_decks};
use monster_ai::controllers::scheme::load_scheme;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if uses_ability_decks(text) {
        let _ = load_decks("scheme.toml", text);
    } else {
        let _ = load_scheme("scheme.toml", text);
    }
});
