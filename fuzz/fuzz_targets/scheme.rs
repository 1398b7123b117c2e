//! The scheme-file loaders (every built-in system: scheme monsters, ability-deck
//! types) on arbitrary text: monsters or diagnostics, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use monster_ai::registry::Registry;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = Registry::builtin().load("scheme.toml", text);
});
