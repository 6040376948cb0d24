#!/usr/bin/env bash
# The engine before and after boards grew to 19x19 (issue 28), side by side in one run.
#
# Builds the criterion benchmarks of a base commit (BASE, by default the last commit before the
# change) from git into a temporary directory, and this tree's, then runs them alternately,
# ROUNDS times each, and prints every figure of both: perft(4) from the Copenhagen opening
# (`engine` bench, `perft/`) and the hard level's nodes per second to depth 5 from the opening
# and a middlegame (`ai` bench, `search/`). The machine this runs on is shared, so compare the
# rounds that ran close together; the median of each side is printed last.
#
#   core/benches/compare-boards.sh                  # 3 rounds
#   ROUNDS=5 BASE=<commit> core/benches/compare-boards.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
BASE="${BASE:-ebbe944}"
ROUNDS="${ROUNDS:-3}"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$PWD/target}"
old_tree="$(mktemp -d)"
trap 'rm -rf "$old_tree"' EXIT
git archive "$BASE" | tar -x -C "$old_tree"

# The path of a built benchmark executable (cargo prints it when asked not to run it).
bench_exe() { # tree bench
    (cd "$1" && cargo bench -p tafl-core --bench "$2" --no-run 2>&1) |
        sed -n "s/.*Executable benches\/$2\.rs (\(.*\))/\1/p" | tail -1
}

echo "building the benchmarks of $BASE and of this tree..." >&2
old_engine="$(bench_exe "$old_tree" engine)"
old_ai="$(bench_exe "$old_tree" ai)"
new_engine="$(bench_exe "$PWD" engine)"
new_ai="$(bench_exe "$PWD" ai)"

# Runs one benchmark filter and prints "name: time | throughput" per benchmark (the middle
# estimates criterion reports).
run() { # side exe filter
    CRITERION_HOME="$CARGO_TARGET_DIR/criterion-compare-$1" "$2" --bench "$3" 2>/dev/null |
        awk -v side="$1" '
            /^[a-z_0-9]+\/[a-z_0-9]+/ { name = $1; seen = 0 }
            /time:/ && !seen { t = $4 " " $5 }
            /thrpt:/ && !seen { printf "%-8s %-40s %12s  %s %s\n", side, name, t, $4, $5; seen = 1 }'
}

results="$(mktemp)"
for round in $(seq 1 "$ROUNDS"); do
    echo "== round $round" | tee -a "$results"
    for side in before after; do
        if [ "$side" = before ]; then e="$old_engine"; a="$old_ai"; else e="$new_engine"; a="$new_ai"; fi
        run "$side" "$e" 'perft/' | tee -a "$results"
        run "$side" "$a" 'search/' | tee -a "$results"
    done
done

echo "== medians of $ROUNDS rounds (throughput)"
grep -v '^==' "$results" | awk '{ print $2, $1 }' | sort -u | while read -r name side; do
    # Throughputs in millions a second, whatever unit criterion chose.
    median="$(grep -v '^==' "$results" |
        awk -v n="$name" -v s="$side" '$1 == s && $2 == n {
            f = ($6 ~ /^K/) ? 0.001 : ($6 ~ /^G/) ? 1000 : ($6 ~ /^M/) ? 1 : 0.000001
            print $5 * f }' |
        sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }')"
    printf '%-8s %-40s %.3f M/s\n' "$side" "$name" "$median"
done
rm -f "$results"
