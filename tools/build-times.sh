#!/usr/bin/env bash
# Times what a newcomer waits for on a fresh clone: the README's first command
# (`cargo run --release -- turn …`, a release build from nothing), then `cargo test` (the
# test build, after the first command), then the build behind the README's install line
# (`cargo install --path . --profile dist`, timed as `cargo build --profile dist`; only for
# revisions that have that profile), for each git revision named, side by side.
#
# Usage: tools/build-times.sh [--lock FILE] [REV ...]     (default REV: HEAD)
#
# Each revision is cloned from this repository into a new temporary folder with an empty
# target folder; crates come from cargo's local cache (offline), so no download is timed.
# With --lock, FILE is held (flock) for each timed build and only then, so nothing else
# using the same lock compiles meanwhile: on a shared machine that is the "idle" figure.
# Prints one line per revision and step: seconds of wall time, and of CPU (user + sys).
set -euo pipefail

lock=""
if [[ "${1:-}" == "--lock" ]]; then
    lock="$2"
    shift 2
fi
revs=("$@")
[[ ${#revs[@]} -gt 0 ]] || revs=(HEAD)

repo="$(cd "$(dirname "$0")/.." && pwd)"
first=(cargo run --release --locked --offline -- turn schemes/goblins.toml scenarios/goblin-ambush.json --dry-run)
tests=(cargo test --locked --offline)
install=(cargo build --profile dist --locked --offline)

# Runs a command in $dir, quietly, under the lock when one is given; prints "wall cpu".
timed() {
    local dir="$1" log="$2"
    shift 2
    local wrap=()
    [[ -n "$lock" ]] && wrap=(flock "$lock")
    (cd "$dir" && "${wrap[@]}" /usr/bin/time -f '%e %U %S' -o "$log.time" "$@" >"$log" 2>&1) || {
        echo "failed: $* (log: $log)" >&2
        return 1
    }
    awk '{ printf "%.0f %.0f", $1, $2 + $3 }' "$log.time"
}

printf '%-12s %-26s %8s %8s\n' revision step wall_s cpu_s
for rev in "${revs[@]}"; do
    commit="$(git -C "$repo" rev-parse --short "$rev")"
    work="$(mktemp -d "${TMPDIR:-/tmp}/build-times.XXXXXX")"
    git clone --quiet --no-checkout "$repo" "$work/clone"
    git -C "$work/clone" checkout --quiet "$commit"
    export CARGO_TARGET_DIR="$work/target"
    figures="$(timed "$work/clone" "$work/first.log" "${first[@]}")"
    printf '%-12s %-26s %8s %8s\n' "$commit" "first command (release)" $figures
    figures="$(timed "$work/clone" "$work/test.log" "${tests[@]}")"
    printf '%-12s %-26s %8s %8s\n' "$commit" "cargo test (after it)" $figures
    if grep -q '^\[profile.dist\]' "$work/clone/Cargo.toml"; then
        figures="$(timed "$work/clone" "$work/install.log" "${install[@]}")"
        printf '%-12s %-26s %8s %8s\n' "$commit" "install build (dist)" $figures
    fi
    unset CARGO_TARGET_DIR
    rm -rf "$work"
done
