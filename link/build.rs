//! Build script: asks the linker to lay out the code of the optimised binaries (the
//! `release` profile and those inheriting it, such as `dist`) in the order of
//! `link/symbol-order.txt`, so that the functions a command runs sit side by side and a short
//! command like `turn` touches fewer code pages. Written by `link/order-symbols.sh`; what it
//! gains, measured: docs/speed.md, "Start-up".
//!
//! The order only moves code: the program is the same with or without it. Names the file
//! lists that the binary lacks are skipped, so a stale file costs speed, never a build.

use std::env;
use std::path::PathBuf;
use std::process::Command;

const ORDER_FILE: &str = "link/symbol-order.txt";
const OPT_OUT: &str = "MONSTER_AI_NO_SYMBOL_ORDER";

fn main() {
    println!("cargo:rerun-if-changed={ORDER_FILE}");
    println!("cargo:rerun-if-changed=link/build.rs");
    println!("cargo:rerun-if-env-changed={OPT_OUT}");
    if env::var_os(OPT_OUT).is_some() || !links_with_rust_lld() {
        return;
    }
    let order = PathBuf::from(env::var("CARGO_MANIFEST_DIR").unwrap_or_default()).join(ORDER_FILE);
    let Some(order) = order.to_str().filter(|path| !path.contains(',')) else {
        return; // `-Wl,` would split the path at its comma
    };
    // The linker is given this absolute path, so a moved or renamed clone (or another clone
    // sharing the target folder) must run this script again: cargo reruns it when a watched
    // path has gone.
    println!("cargo:rerun-if-changed={order}");
    for arg in [
        format!("-Wl,--symbol-ordering-file={order}"),
        "-Wl,--no-warn-symbol-ordering".to_string(),
    ] {
        println!("cargo:rustc-link-arg-bin=monster-ai={arg}");
    }
}

/// Whether the binary is a release build that rustc links with its own lld, the only linker
/// here known to take `--symbol-ordering-file` (GNU ld refuses it). rustc does so for
/// x86_64 Linux (GNU) from 1.90 on, unless a linker is chosen in the configuration or flags.
fn links_with_rust_lld() -> bool {
    let var = |name: &str| env::var(name).unwrap_or_default();
    let chosen_elsewhere = env::var_os("RUSTC_LINKER").is_some()
        || var("CARGO_ENCODED_RUSTFLAGS")
            .split('\x1f')
            .any(|flag| flag.contains("linker") || flag.contains("link-self-contained"));
    var("PROFILE") == "release"
        && var("TARGET") == "x86_64-unknown-linux-gnu"
        && !chosen_elsewhere
        && rustc_minor().is_some_and(|minor| minor >= 90)
}

/// The minor version of the rustc doing the build (`rustc 1.95.0 (…)` → 95).
fn rustc_minor() -> Option<u32> {
    let rustc = env::var_os("RUSTC")?;
    let out = Command::new(rustc).arg("--version").output().ok()?;
    let text = String::from_utf8(out.stdout).ok()?;
    let version = text.split_whitespace().nth(1)?;
    version.split('.').nth(1)?.parse().ok()
}
