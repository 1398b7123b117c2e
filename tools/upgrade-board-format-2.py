#!/usr/bin/env python3
"""Upgrades board files from format 1 to format 2 in place (docs/board.md, "Migrating").

Format 1 kept each system's saved state in top-level fields; format 2 keeps it under
`systems`, one object per system. The rule (the same table as src/board/upgrade.rs):

    scheme_state                     -> systems["monster-ai"]["types"]
    level, variant, ability_decks,
    modifier_deck, fresh_summons,
    loot, initiatives                -> systems["ability-deck"][same name]

`systems` takes the place of the first field it replaces, `format` becomes 2, and the
keys inside each state are sorted (as monster-ai writes them). A file in monster-ai's
own layout (two-space pretty JSON) is written back in that layout; a hand-laid-out file
keeps its lines: each moved field must then stand on one line of its own, and the new
`systems` block is written compactly in its place. Boards already in format 2 are left
alone. Any command that writes a board does the same upgrade, so this script is only
for files you keep by hand (scenarios, expected outputs of tests).

Usage: tools/upgrade-board-format-2.py BOARD.json...
"""

import json
import re
import sys

LEGACY = [
    ("scheme_state", "monster-ai", "types"),
    ("level", "ability-deck", "level"),
    ("variant", "ability-deck", "variant"),
    ("ability_decks", "ability-deck", "ability_decks"),
    ("modifier_deck", "ability-deck", "modifier_deck"),
    ("fresh_summons", "ability-deck", "fresh_summons"),
    ("loot", "ability-deck", "loot"),
    ("initiatives", "ability-deck", "initiatives"),
]


def sort_keys(value):
    if isinstance(value, dict):
        return {k: sort_keys(value[k]) for k in sorted(value)}
    if isinstance(value, list):
        return [sort_keys(v) for v in value]
    return value


def systems_of(board):
    """The `systems` object built from the format-1 fields of `board`."""
    systems = {}
    for old, system, key in LEGACY:
        if old in board:
            systems.setdefault(system, {})[key] = board[old]
    return sort_keys(systems)


def upgraded(board):
    """The format-2 board (same key order, `systems` where the first moved field was)."""
    systems = systems_of(board)
    out = {}
    for key, value in board.items():
        if key == "format":
            out[key] = 2
        elif any(key == old for old, _, _ in LEGACY):
            if "systems" not in out:
                out["systems"] = systems
        else:
            out[key] = value
    return out


def pretty(value):
    return json.dumps(value, indent=2, ensure_ascii=False) + "\n"


def compact(value):
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def upgrade_lines(text, board):
    """The hand-laid-out upgrade: moved fields' lines out, a compact `systems` block in."""
    systems = systems_of(board)
    lines = text.split("\n")
    out, placed = [], False
    for line in lines:
        m = re.match(r'^  "([a-z_]+)": (.*?)(,?)$', line)
        if m and any(m.group(1) == old for old, _, _ in LEGACY):
            # The field must be complete on this line.
            json.loads(m.group(2))
            if not placed:
                block = ["  \"systems\": {"]
                names = list(systems)
                for i, name in enumerate(names):
                    comma = "," if i + 1 < len(names) else ""
                    block.append(f"    {json.dumps(name)}: {compact(systems[name])}{comma}")
                block.append("  }" + m.group(3))
                out.extend(block)
                placed = True
            elif out and not m.group(3) and out[-1].endswith(","):
                out[-1] = out[-1][:-1]
            continue
        out.append(line)
    text = "\n".join(out)
    text, n = re.subn(r'^  "format": 1,', '  "format": 2,', text, count=1, flags=re.M)
    assert n == 1, "no `\"format\": 1,` line"
    return text


def main(paths):
    for path in paths:
        text = open(path, encoding="utf-8").read()
        board = json.loads(text)
        if board.get("format") != 1:
            print(f"{path}: format {board.get('format')}, left alone")
            continue
        want = upgraded(board)
        if text == pretty(board):
            new = pretty(want)
        else:
            new = upgrade_lines(text, board)
            # The hand-laid-out result must hold exactly the upgraded board.
            assert json.loads(new) == want, f"{path}: line upgrade differs from the rule"
        open(path, "w", encoding="utf-8").write(new)
        print(f"{path}: upgraded to format 2")


if __name__ == "__main__":
    main(sys.argv[1:])
