#!/usr/bin/env bash
# Reproduces the computer opponent's figures in docs/ai.md and docs/ai-experiments.md, one command each:
#
#   core/benches/ai-figures.sh FIGURE
#
# FIGURE is one of:
#   attack-1s        hard (attackers) vs normal, 40 Copenhagen games, 1 s a move
#   attack-300ms     the same at 300 ms a move
#   attack-300ms-vary  the same with both levels varying their moves as in the apps (--vary)
#   defence-1s       hard (defenders) vs normal, 40 Copenhagen games, 1 s a move
#   defence-300ms    the same at 300 ms a move
#   attack-nodes     hard (attackers) vs normal at 300 000 nodes a move: load-independent
#   defence-nodes    hard (defenders) vs normal at 300 000 nodes a move
#   threads-depth    time to complete depth 8 with 1 and with 2 threads, three positions
#   threads-depth-300ms  the depth completed at 300 ms with 1 and with 2 threads, positions
#                    after 10, 30, 50 and 80 plies of the first 15 recorded Copenhagen games
#                    longer than 80 plies
#   threads-match    hard on 2 threads vs hard on 1 thread, 40 Copenhagen games, 1 s a move
#   threads-match-300ms  the same at 300 ms a move
#   threads-ceiling  what any two-thread scheme can at best buy here: one thread at 600 ms
#                    against one thread at 300 ms, 40 Copenhagen games, two at a time
#   tactics          the tactics suite at the test's node budget, at 100 ms and at 1 s
#   ladder           hard at 0.3 s, 1 s and 3 s against each other, 20 games a pair
#   suite            rebuilds core/tests/data/tactics.csv from the recorded games
#
# Everything with a time budget depends on the machine and on what else runs on it: run those
# on a quiet machine, one game at a time (they use --jobs 1). The load is printed first.
# TAFL=path/to/tafl runs another build instead of building this checkout's.
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ -z "${TAFL:-}" ]; then
    cargo build --release --bin tafl -q
fi
tafl="${TAFL:-target/release/tafl}"
data=core/tests/data
conformance="${CONFORMANCE:-$data}"
echo "# $(date -u +%FT%TZ) load:$(uptime | sed 's/.*load average://')"

# The middlegame positions of the depth measurement: 20, 40 and 60 plies of a recorded game.
game_moves() { sed -n 43p "$data/copenhagen-games.csv" | cut -d, -f1 | cut -d' ' -f"1-$1"; }

case "${1:-}" in
    attack-1s) $tafl match --a hard --b normal --a-side attackers --games 40 --ms 1000 --seed 3 --jobs 1 ;;
    attack-300ms) $tafl match --a hard --b normal --a-side attackers --games 40 --ms 300 --seed 3 --jobs 1 ;;
    attack-300ms-vary) $tafl match --a hard --b normal --a-side attackers --games 40 --ms 300 --seed 3 --jobs 1 --vary ;;
    defence-1s) $tafl match --a hard --b normal --a-side defenders --games 40 --ms 1000 --seed 3 --jobs 1 ;;
    defence-300ms) $tafl match --a hard --b normal --a-side defenders --games 40 --ms 300 --seed 3 --jobs 1 ;;
    attack-nodes) $tafl match --a hard --b normal --a-side attackers --games 40 --a-nodes 300000 --seed 3 --jobs 2 ;;
    defence-nodes) $tafl match --a hard --b normal --a-side defenders --games 40 --a-nodes 300000 --seed 3 --jobs 2 ;;
    threads-depth)
        for plies in 0 20 40; do
            moves=""
            [ "$plies" -gt 0 ] && moves="$(game_moves "$plies")"
            for threads in 1 2 1 2; do
                printf 'plies %s threads %s: ' "$plies" "$threads"
                $tafl bestmove --level hard --depth 8 --ms 600000 --threads "$threads" --moves "$moves" </dev/null |
                    grep 'info final'
            done
        done
        ;;
    threads-depth-300ms)
        cut -d, -f1 "$data/copenhagen-games.csv" | awk 'NF > 80 && n++ < 15' | while read -r record; do
            for plies in 10 30 50 80; do
                moves="$(cut -d' ' -f"1-$plies" <<<"$record")"
                for threads in 1 2; do
                    printf '%s %s ' "$threads" \
                        "$($tafl bestmove --level hard --ms 300 --threads "$threads" --moves "$moves" </dev/null |
                            sed -n 's/^info final depth \([0-9]*\) .* time \([0-9]*\) ms.*/\1 \2/p')"
                done
                echo
            done
        done | awk '{ d1 += $2; d2 += $5; t1 += $3; t2 += $6; n++
                      if ($5 > $2) deeper++; else if ($5 < $2) shallower++ }
            END { printf "%d positions: 1 thread depth %.2f in %.0f ms, 2 threads depth %.2f in %.0f ms (means); 2 threads deeper in %d, shallower in %d\n",
                         n, d1 / n, t1 / n, d2 / n, t2 / n, deeper, shallower }'
        ;;
    threads-match) $tafl match --a hard --b hard --a-threads 2 --b-threads 1 --games 40 --ms 1000 --seed 3 --jobs 1 ;;
    threads-match-300ms) $tafl match --a hard --b hard --a-threads 2 --b-threads 1 --games 40 --ms 300 --seed 3 --jobs 1 ;;
    threads-ceiling) $tafl match --a hard --b hard --a-ms 600 --b-ms 300 --games 40 --seed 3 --jobs 2 ;;
    tactics)
        nodes="$(sed -n 's/^const NODES: u64 = \([0-9_]*\);/\1/p' core/tests/tactics.rs | tr -d _)"
        $tafl tactics solve "$data/tactics.csv" --level hard --nodes "$nodes"
        $tafl tactics solve "$data/tactics.csv" --level hard --ms 100
        $tafl tactics solve "$data/tactics.csv" --level hard --ms 1000
        ;;
    ladder)
        for pair in "300 1000" "300 3000" "1000 3000"; do
            set -- $pair
            echo "## hard at $1 ms (a) vs hard at $2 ms (b)"
            $tafl match --a hard --b hard --a-ms "$1" --b-ms "$2" --games 20 --seed 5 --jobs 1
        done
        ;;
    suite)
        # Copenhagen and Brandubh from the recorded games; Tablut, which has no public record
        # here, from games of the engine against itself (kept in tablut-engine-games.csv).
        {
            $tafl tactics collect --variant copenhagen --games "$conformance/copenhagen-games.csv" --lines 400 --last 3 --budget 1000000 --jobs 2
            $tafl tactics collect --variant brandubh --games "$conformance/brandubh-games.csv" --last 8 --jobs 2 | tail -n +2
            $tafl tactics collect --variant tablut --games "$data/tablut-engine-games.csv" --last 10 --jobs 2 | tail -n +2
        } > "$data/tactics.csv"
        wc -l "$data/tactics.csv"
        ;;
    *) sed -n '2,20p' "$0"; exit 2 ;;
esac
