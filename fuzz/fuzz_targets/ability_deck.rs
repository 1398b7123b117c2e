//! The ability-deck monster-file loader on arbitrary text (see `system_file.rs`).
#![no_main]

mod system_file;

use libfuzzer_sys::fuzz_target;
use monster_ai::registry::Registry;

fuzz_target!(|data: &[u8]| system_file::check(system_file::system(&Registry::builtin(), "ability-deck"), data));
