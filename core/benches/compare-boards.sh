#!/usr/bin/env bash
# The engine before and after boards grew to 19x19 (issue 28), side by side in one run.
#
# Builds the `tafl` program of a base commit (BASE, by default the last commit before the change)
# from git into a temporary directory, and this tree's, then runs both alternately, ROUNDS times
# each, on the same work, and prints the CPU time each took (user + system, which other
# programs on a shared machine disturb far less than the elapsed time):
# - perft(4) from the Copenhagen opening (50,456,804 leaves);
# - the hard level's search to depth 5 from the Copenhagen opening and from a middlegame (the
#   first 40 plies of a recorded game), as nodes per CPU second.
# The medians of both sides and their ratio come last. With CRITERION=1 it also runs the
# criterion benchmarks of both trees alternately (`engine` perft/, `ai` search/: wall time).
#
#   core/benches/compare-boards.sh               # 7 rounds, this working tree against BASE
#   ROUNDS=11 BASE=<commit> NEW=<commit> core/benches/compare-boards.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
BASE="${BASE:-ebbe944}"
ROUNDS="${ROUNDS:-7}"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir "$work/old" "$work/new"
git archive "$BASE" | tar -x -C "$work/old"
new_tree="$PWD"
if [ -n "${NEW:-}" ]; then
    git archive "$NEW" | tar -x -C "$work/new"
    new_tree="$work/new"
fi

MIDDLEGAME="d1-d3 f8-i8 d11-d9 e7-e10 f10-i10 f7-c7 e11-c11 e10-b10 a8-a10 f6-f10 c11-c10xb10 f10-d10 d9-b9 d10-d11 c10-c11 d11-d9 j6-j9 e5-b5 a4-b4xb5 c7-c2 b4-b2 d9-c9 a5-c5 c9-c6 e1-c1 c2-c4xc5 d3-a3 f5-b5 b2-b4xb5 e6-e2 b4-b2 g5-g2xf2 k4-k2 g2-j2 g1-g2 c4-c3 k5-k3 i8-i2 h1-i1 c3-i3"

echo "building tafl at $BASE and in this tree..." >&2
for side in old new; do
    tree="$work/old"
    [ "$side" = new ] && tree="$new_tree"
    (cd "$tree" && cargo build --release -p tafl-core --bin tafl 2>/dev/null)
    cp "$CARGO_TARGET_DIR/release/tafl" "$work/tafl-$side"
done

# CPU seconds (user + system) of a command.
cpu() {
    local TIMEFORMAT='%3U %3S' t
    t="$( { time "$@" >/dev/null 2>&1; } 2>&1 )"
    echo "$t" | awk '{ printf "%.3f", $1 + $2 }'
}

# Nodes of the last iteration of a `tafl bestmove` run.
nodes() {
    "$@" 2>/dev/null | awk '/^info / { for (i = 1; i < NF; i++) if ($i == "nodes") n = $(i + 1) } END { print n }'
}

results="$work/results"
for round in $(seq 1 "$ROUNDS"); do
    for side in old new; do
        tafl="$work/tafl-$side"
        p="$(cpu "$tafl" perft 4)"
        o_nodes="$(nodes "$tafl" bestmove --level hard --depth 5 --ms 600000)"
        o="$(cpu "$tafl" bestmove --level hard --depth 5 --ms 600000)"
        m_nodes="$(nodes "$tafl" bestmove --level hard --depth 5 --ms 600000 --moves "$MIDDLEGAME")"
        m="$(cpu "$tafl" bestmove --level hard --depth 5 --ms 600000 --moves "$MIDDLEGAME")"
        echo "$side $p $o $o_nodes $m $m_nodes" | tee -a "$results" |
            awk -v r="$round" '{ printf "round %d %-4s perft(4) %6.3f s   opening %8.0f nodes/s   middlegame %8.0f nodes/s\n", r, $1, $2, $4 / $3, $6 / $5 }'
    done
done

median() { sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
echo "== medians of $ROUNDS rounds (CPU time)"
for side in old new; do
    p="$(awk -v s=$side '$1 == s { print $2 }' "$results" | median)"
    o="$(awk -v s=$side '$1 == s { print $4 / $3 }' "$results" | median)"
    m="$(awk -v s=$side '$1 == s { print $6 / $5 }' "$results" | median)"
    echo "$side $p $o $m"
done | tee "$work/medians" | awk '{ printf "%-4s perft(4) %6.3f s   opening %8.0f nodes/s   middlegame %8.0f nodes/s\n", $1, $2, $3, $4 }'
awk 'NR == 1 { p = $2; o = $3; m = $4 } NR == 2 { printf "new / old: perft(4) time %.3f, opening nodes/s %.3f, middlegame nodes/s %.3f\n", $2 / p, $3 / o, $4 / m }' "$work/medians"

if [ "${CRITERION:-0}" = 1 ]; then
    echo "== criterion, wall time (noisy on a shared machine)"
    for bench in engine ai; do
        filter=perft/
        [ "$bench" = ai ] && filter=search/
        for side in old new; do
            tree="$work/old"
            [ "$side" = new ] && tree="$new_tree"
            (cd "$tree" && CRITERION_HOME="$CARGO_TARGET_DIR/criterion-$side" \
                cargo bench -p tafl-core --bench "$bench" -- "$filter" 2>/dev/null) |
                awk -v s="$side" '/^[a-z_0-9]+\/[a-z_0-9]+/ { n = $1; seen = 0 } /thrpt:/ && !seen { print s, n, $4, $5; seen = 1 }'
        done
    done
fi
