#!/usr/bin/env bash
# Times what a newcomer waits for on a fresh clone, side by side with a fresh
# `cargo install ripgrep --locked` on the same machine in the same run (machines differ by
# 2x and more, so only the ratios travel): the README's first command (as that revision's
# README writes it: `cargo run … -- turn …`, a build from nothing), its second (`cargo
# test`) after it, and
# `cargo test` again after touching one file of one system (what a contributor waits for).
# The ripgrep install is timed before the first command and again before `cargo test`
# (interleaved, so a machine that slows down during the run slows both), each from an
# empty target folder.
#
# Usage: tools/build-times.sh [--lock FILE]... [REV ...]     (default REV: HEAD)
#
# Each revision is cloned from this repository into a new temporary folder with an empty
# target folder. Crates come from cargo's local cache (offline), so no download is timed;
# ripgrep's own are fetched once, untimed, when the cache lacks them. With --lock (once or
# more), each FILE is held (flock) for each timed build, and only then, so nothing else
# using those locks compiles meanwhile: on a shared machine that is the "idle" figure.
# Prints one line per revision and step (seconds of wall time, and of CPU: user + sys),
# then the ratios to ripgrep's mean.
set -euo pipefail

locks=()
while [[ "${1:-}" == "--lock" ]]; do
    locks+=("$2")
    shift 2
done
revs=("$@")
[[ ${#revs[@]} -gt 0 ]] || revs=(HEAD)

repo="$(cd "$(dirname "$0")/.." && pwd)"
# The README's two set-up commands, as each revision's README writes them (the first two
# lines of the code block under "## Set-up"), run --locked and --offline.
setup_command() {
    awk '/^## Set-up/ { s = 1 } s && /^```/ { if (c++) exit; next } s && c { print }' "$1/README.md" |
        sed -n "$2p" | sed -E 's/^cargo (run|test)/cargo \1 --locked --offline/'
}
# The file a one-system change touches.
one_system=crates/needs/src/turn.rs

# Runs a command in $dir, quietly, holding every lock given; prints "wall cpu".
timed() {
    local dir="$1" log="$2"
    shift 2
    local wrap=()
    for l in "${locks[@]}"; do wrap+=(flock "$l"); done
    (cd "$dir" && "${wrap[@]}" /usr/bin/time -f '%e %U %S' -o "$log.time" "$@" >"$log" 2>&1) || {
        echo "failed: $* (log: $log)" >&2
        return 1
    }
    awk '{ printf "%.0f %.0f", $1, $2 + $3 }' "$log.time"
}

# A fresh `cargo install ripgrep --locked` into the folder that follows (its own empty
# target folder).
ripgrep=(env -u CARGO_TARGET_DIR cargo install ripgrep --locked --offline --no-track --force)

work="$(mktemp -d "${TMPDIR:-/tmp}/build-times.XXXXXX")"
trap 'rm -rf "$work"' EXIT
if ! ls "${CARGO_HOME:-$HOME/.cargo}"/registry/cache/*/ripgrep-*.crate >/dev/null 2>&1; then
    echo "fetching ripgrep's crates once (untimed)" >&2
    env -u CARGO_TARGET_DIR cargo install ripgrep --locked --no-track --root "$work/probe" \
        --target-dir "$work/probe/target" >/dev/null 2>&1
    rm -rf "$work/probe"
fi

row() { printf '%-12s %-34s %8s %8s\n' "$@"; }
row revision step wall_s cpu_s
for rev in "${revs[@]}"; do
    commit="$(git -C "$repo" rev-parse --short "$rev")"
    rm -rf "$work/clone" "$work/target" "$work/rg"
    git clone --quiet --no-checkout "$repo" "$work/clone"
    git -C "$work/clone" checkout --quiet "$commit"
    export CARGO_TARGET_DIR="$work/target"
    read -r -a first <<<"$(setup_command "$work/clone" 1)"
    read -r -a tests <<<"$(setup_command "$work/clone" 2)"
    [[ ${#first[@]} -gt 0 && ${#tests[@]} -gt 0 ]] || { echo "no set-up commands in $commit's README" >&2; exit 1; }

    rg1="$(timed "$work" "$work/rg1.log" "${ripgrep[@]}" --root "$work/rg/1" --target-dir "$work/rg/1/target")"
    row "$commit" "cargo install ripgrep (1)" $rg1
    first_t="$(timed "$work/clone" "$work/first.log" "${first[@]}")"
    profile=dev
    [[ " ${first[*]} " == *" --release "* ]] && profile=release
    row "$commit" "first command ($profile)" $first_t
    rg2="$(timed "$work" "$work/rg2.log" "${ripgrep[@]}" --root "$work/rg/2" --target-dir "$work/rg/2/target")"
    row "$commit" "cargo install ripgrep (2)" $rg2
    test_t="$(timed "$work/clone" "$work/test.log" "${tests[@]}")"
    row "$commit" "cargo test (after it)" $test_t
    if [[ -f "$work/clone/$one_system" ]]; then
        touch "$work/clone/$one_system"
        touched="$(timed "$work/clone" "$work/touched.log" "${tests[@]}")"
        row "$commit" "cargo test (one system touched)" $touched
    fi
    unset CARGO_TARGET_DIR

    rg_mean=$(( (${rg1%% *} + ${rg2%% *}) / 2 ))
    awk -v f="${first_t%% *}" -v t="${test_t%% *}" -v r="$rg_mean" -v c="$commit" 'BEGIN {
        printf "%-12s first command = %.1fx ripgrep, cargo test after it = %.1fx ripgrep (ripgrep: %d s)\n",
            c, f / r, t / r, r }'
done
