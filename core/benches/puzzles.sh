#!/usr/bin/env bash
# Mines core/data/puzzles.csv from the recorded games and from games of the engine against
# itself (docs/puzzles.md). Deterministic: the self-play games use node budgets and seeds, one
# thread, and are kept in core/data/selfplay-*.txt; the mining reads the files in a fixed order
# and keeps the first of positions equal up to symmetry.
#
#   core/benches/puzzles.sh selfplay   regenerate core/data/selfplay-*.txt (about a minute)
#   core/benches/puzzles.sh mine       rebuild core/data/puzzles.csv from scratch (long)
#   core/benches/puzzles.sh check      re-prove every puzzle, and the tactics suite
#
# Run it under `nice`: it is single-threaded and takes its time.
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ -z "${TAFL:-}" ]; then
    cargo build --release --bin tafl -q
fi
tafl="${TAFL:-target/release/tafl}"
data=core/tests/data
out=core/data/puzzles.csv

selfplay() { # variant level-a level-b nodes games seed file
    $tafl match --variant "$1" --a "$2" --b "$3" --nodes "$4" --games "$5" --seed "$6" --jobs 1 \
        --verbose | sed -n 's/^  moves: //p' >> "$7"
}

mine() { # variant games-file last max-plies budget [games]
    $tafl puzzle --mine --variant "$1" --games "$2" --last "$3" --max-plies "$4" --budget "$5" \
        --lines "${6:-100000}" --out "$out.tmp"
}

case "${1:-}" in
    selfplay)
        rm -f core/data/selfplay-*.txt
        for v in tablut brandubh; do
            f=core/data/selfplay-$v.txt
            selfplay $v easy normal 4000 150 101 "$f"
            selfplay $v normal normal 4000 150 102 "$f"
            selfplay $v easy easy 4000 150 103 "$f"
            selfplay $v normal hard 4000 150 104 "$f"
        done
        wc -l core/data/selfplay-*.txt
        ;;
    mine)
        rm -f "$out.tmp"
        mine brandubh "$data/brandubh-games.csv" 16 7 3000000
        mine tablut "$data/tablut-engine-games.csv" 16 7 3000000
        mine tablut core/data/selfplay-tablut.txt 12 5 3000000
        mine brandubh core/data/selfplay-brandubh.txt 12 7 3000000
        # The first 300 Copenhagen games: the 11x11 proofs are the slow part.
        mine copenhagen "$data/copenhagen-games.csv" 8 5 3000000 300
        mv "$out.tmp" "$out"
        wc -l "$out"
        ;;
    check)
        time $tafl puzzle --check "$out"
        time $tafl puzzle --check "$data/tactics.csv"
        ;;
    *) sed -n '2,12p' "$0"; exit 2 ;;
esac
