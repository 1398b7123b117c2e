//! Shared by the per-system monster-file targets: one system's loader on arbitrary
//! text. It returns monsters or diagnostics, never panics; every diagnostic renders; and
//! monsters it accepts answer `check`'s questions (summary, a new monster of each kind).

use monster_ai::registry::Registry;
use monster_ai_core::board::load::load_board;
use monster_ai_core::systems::System;

/// An empty board, for asking the loaded monsters for new monsters of each kind.
const EMPTY: &str = "{\"format\":2,\"grid\":{\"kind\":\"square\",\"width\":3,\"height\":2},\"map\":[\"...\",\"...\"],\"creatures\":[]}";

/// The shipped system called `name`: each target reaches its loader through the registry,
/// as the commands do.
pub fn system(registry: &Registry, name: &str) -> &'static dyn System {
    registry.find(name).expect("a shipped system")
}

pub fn check(system: &dyn System, data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match system.load("monsters.toml", text) {
        Err(diagnostics) => {
            let shown = diagnostics.to_string();
            assert!(
                shown.len() <= 64 * 1024 + 16 * text.len(),
                "diagnostics grow out of proportion: {} bytes for {} bytes of input",
                shown.len(),
                text.len()
            );
        }
        Ok(monsters) => {
            let _ = monsters.summary("monsters.toml");
            if let Ok(fight) = load_board("board.json", EMPTY, monsters.as_ref()) {
                for kind in monsters.kinds() {
                    let _ = monsters.new_monster(&fight, &kind, &[]);
                    let _ = monsters.new_monster(&fight, &kind, &["elite"]);
                }
            }
        }
    }
}
