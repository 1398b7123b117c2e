#!/usr/bin/env bash
# Regenerates link/symbol-order.txt: the functions the installed binary (the `dist` profile,
# `cargo install --path . --profile dist`) runs for `--version` and
# for the shipped examples, command by command in the order below. The build script
# (link/build.rs) hands the file to the linker so that these functions sit side by side and a
# command touches fewer code pages (what that gains, measured: docs/speed.md, "Start-up").
#
# Needs valgrind. Run it after a toolchain or Cargo.lock change (the names carry hashes of both)
# or after renaming hot functions; a stale file costs speed only, never correctness.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --profile dist --locked --quiet
bin="${CARGO_TARGET_DIR:-target}/dist/monster-ai"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

commands=(
  "--version"
  "turn schemes/goblins.toml scenarios/goblin-ambush.json --dry-run"
  "round schemes/goblins.toml scenarios/goblin-ambush.json --dry-run"
  "turn schemes/crypt.toml scenarios/crypt-gate.json --dry-run"
  "turn schemes/gaunt-stag.toml scenarios/stag-hunt.json --dry-run"
  "turn schemes/needs-dungeon.toml scenarios/needs-kobold-story.json --dry-run"
  "turn schemes/goblins.toml scenarios/hag-lair.json --dry-run"
  "turn schemes/mire-twins.toml scenarios/mire-pair.json --dry-run"
  "check schemes/goblins.toml scenarios/goblin-ambush.json"
  "show scenarios/goblin-ambush.json"
)

: >"$work/order"
for command in "${commands[@]}"; do
  # shellcheck disable=SC2086 # each entry is a whole command line
  valgrind --tool=callgrind --demangle=no --compress-strings=no --compress-pos=no \
    --callgrind-out-file="$work/profile" "$bin" $command >/dev/null 2>"$work/stderr" ||
    { cat "$work/stderr" >&2; echo "order-symbols: \`$command\` failed" >&2; exit 1; }
  # Function names of our binary, without callgrind's recursion marks ('2) and its
  # pseudo-functions ("(below main)", bare addresses); names an earlier command listed are
  # skipped. Each command's new names are sorted, so the list does not depend on the
  # layout of the binary profiled.
  awk '
    FILENAME == ARGV[1] { seen[$0] = 1; next }
    /^ob=/ { ours = (substr($0, 4) ~ ("/" "monster-ai$")) }
    /^fn=/ && ours {
      name = substr($0, 4); sub(/\x27[0-9]+$/, "", name)
      if (name ~ /^[A-Za-z_.$][A-Za-z0-9_.$]*$/ && !(name in seen)) { seen[name] = 1; print name }
    }' "$work/order" "$work/profile" | LC_ALL=C sort >>"$work/order"
done

mv "$work/order" link/symbol-order.txt
echo "link/symbol-order.txt: $(wc -l <link/symbol-order.txt) functions; rebuild to use it" >&2
