#!/usr/bin/env bash
# How far the review's move verdicts depend on the analysis budget: 50 real games (35
# Copenhagen games of at least 40 plies from aagenielsen.dk and 15 Brandubh games of at least
# 20 plies, spread evenly over core/tests/data), each analysed by `tafl analyse` at N nodes a
# position and at 5 N, and the verdict of every move compared (docs/ai.md, "Move verdicts").
#
#   core/benches/verdicts.sh [N] [JOBS]     (N defaults to the review's budget)
#
# Prints one line per game (plies, verdicts that agree) and the total, then the matrix. A node budget repeats
# exactly on every machine, so the figure does not depend on the load; JOBS games run at once.
# TAFL=path/to/tafl runs another build instead of building this checkout's.
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ -z "${TAFL:-}" ]; then
    cargo build --release --bin tafl -q
fi
tafl="${TAFL:-target/release/tafl}"
nodes="${1:-$(sed -n 's/^pub const DEFAULT_NODES: u64 = \([0-9_]*\);/\1/p' core/src/ai/analysis.rs | tr -d _)}"
jobs="${2:-1}"
data=core/tests/data
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# The games: every 13th long Copenhagen game and every 8th long Brandubh game; a game lost on
# time ends with the word `timeout`, which is not a move.
pick() { # FILE MIN_PLIES EVERY COUNT VARIANT
    cut -d, -f1 "$1" | sed 's/ timeout$//' | awk -v min="$2" -v every="$3" -v count="$4" -v variant="$5" \
        'NF >= min && n++ % every == 0 && taken++ < count { print variant "\t" $0 }'
}
{ pick "$data/copenhagen-games.csv" 40 13 35 copenhagen; pick "$data/brandubh-games.csv" 20 8 15 brandubh; } >"$work/games"

one() { # LINE_NUMBER
    local variant moves err cut
    IFS=$'\t' read -r variant moves < <(sed -n "$1p" "$work/games")
    # A record that goes on after the game ended under these rules is cut where it ended
    # (one game: a Copenhagen game over at ply 50 by our rules, played on by its players).
    if ! err="$("$tafl" analyse --variant "$variant" --nodes 1 <<<"$moves" 2>&1 >/dev/null)"; then
        cut="$(sed -n 's/.*move \([0-9]*\) .*cannot be played: the game is over.*/\1/p' <<<"$err")"
        [ -n "$cut" ] || { echo "game $1: $err" >&2; return 1; }
        moves="$(tr ' ' '\n' <<<"$moves" | head -n "$((cut - 1))" | tr '\n' ' ')"
    fi
    "$tafl" analyse --variant "$variant" --nodes "$nodes" <<<"$moves" | awk 'NF == 4 && $1 ~ /^[0-9]+$/ { print $4 }' >"$work/a$1"
    "$tafl" analyse --variant "$variant" --nodes "$((nodes * 5))" <<<"$moves" | awk 'NF == 4 && $1 ~ /^[0-9]+$/ { print $4 }' >"$work/b$1"
    printf '%s %s %s\n' "$1" "$variant" "$(paste -d' ' "$work/a$1" "$work/b$1" | awk '{ n++; if ($1 == $2) same++ } END { print n, same + 0 }')"
}
export -f one
export tafl nodes work
echo "# $(date -u +%FT%TZ) nodes $nodes and $((nodes * 5)), $(wc -l <"$work/games") games"
seq 1 "$(wc -l <"$work/games")" | xargs -P "$jobs" -I{} bash -c 'one {}' | sort -n | tee "$work/results"
awk '{ plies += $3; same += $4 } END { printf "total: %d of %d verdicts agree (%.1f %%)\n", same, plies, 100 * same / plies }' "$work/results"
# Which verdicts the two budgets disagree on: N nodes down, 5 N across.
echo "verdicts at $nodes (rows) against $((nodes * 5)) (columns):"
for f in "$work"/a*; do paste -d' ' "$f" "$work/b${f##*/a}"; done | awk '
    { n[$1 " " $2]++ }
    END {
        split("best only-move good inaccuracy mistake blunder", v, " ")
        printf "%-11s", ""; for (j = 1; j <= 6; j++) printf " %10s", v[j]; print ""
        for (i = 1; i <= 6; i++) {
            printf "%-11s", v[i]; for (j = 1; j <= 6; j++) printf " %10d", n[v[i] " " v[j]]; print ""
        }
    }'
