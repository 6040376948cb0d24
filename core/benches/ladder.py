#!/usr/bin/env python3
"""The levels on one scale: a round robin of `tafl match` between easy, normal and hard and the
fixed reference player `greedy`, and an Elo difference for each pair with a 95% interval.

    core/benches/ladder.py [--games N] [--nodes N] [--variant V] [--seed S] [--tafl PATH]

Each pair plays N games, sides alternating, openings drawn by `tafl match` from its seed. The
hard level searches a fixed number of nodes a move (--nodes), so a run gives the same games on
any machine and under any load; easy and normal have fixed depths. The Elo difference of a
score s (wins plus half the draws, over N) is 400 log10(s / (1 - s)); its interval comes from
the binomial spread of s. A shutout has no finite difference: it is reported as a lower bound,
from the score of N - 1/2. The ladder chains the neighbouring pairs from greedy = 0 and checks the
chain against the far pairs (easy against hard, greedy against normal).

`greedy` (one ply, material only: it wins when it can, else takes the most pieces) and `random`
are `tafl match`'s reference players. They use the rules and nothing of the engine's evaluation
or search, so a new search or new weights cannot move them: they anchor the scale. `random` is
shown below the anchor once; against the levels it loses every game.
"""
import argparse
import math
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
LEVELS = ["easy", "normal", "hard"]
SUMMARY = re.compile(r"^summary \S+ match: (\w+) (\d+) - (\d+) (\w+) \((\d+) drawn, (\d+) games\)$")


def play(tafl, a, b, args):
    cmd = [tafl, "match", "--a", a, "--b", b, "--games", str(args.games), "--variant", args.variant,
           "--seed", str(args.seed)]
    # Only hard searches by a budget; easy and normal stop at their depths.
    for side, level in (("a", a), ("b", b)):
        if level == "hard":
            cmd += [f"--{side}-nodes", str(args.nodes)]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        m = SUMMARY.match(line)
        if m:
            return " ".join(cmd[1:]), int(m.group(2)), int(m.group(3)), int(m.group(5)), int(m.group(6))
    sys.exit(f"no summary line from: {' '.join(cmd)}")


def elo(wins, losses, draws, games):
    """The difference (a over b), its 95% half-width, and whether it is only a lower bound."""
    score = (wins + draws / 2) / games
    bound = score in (0.0, 1.0)
    if bound:
        score = (games - 0.5) / games if score == 1.0 else 0.5 / games
    diff = 400 * math.log10(score / (1 - score))
    spread = math.sqrt(score * (1 - score) / games)
    half = 1.96 * spread * 400 / (math.log(10) * score * (1 - score))
    return diff, half, bound


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--nodes", type=int, default=100_000)
    p.add_argument("--variant", default="copenhagen")
    p.add_argument("--seed", type=int, default=29)
    p.add_argument("--tafl", default=os.path.join(HERE, "..", "..", "target", "release", "tafl"))
    args = p.parse_args()

    chain = [("greedy", "random"), ("easy", "greedy"), ("normal", "easy"), ("hard", "normal")]
    checks = [("hard", "easy"), ("normal", "greedy")]
    pairs = chain + checks
    found = {}
    print(f"{args.variant}, {args.games} games a pair, hard at {args.nodes} nodes a move, seed {args.seed}")
    print("| pair | command | won | lost | drawn | Elo difference (95%) |")
    print("|---|---|---|---|---|---|")
    for a, b in pairs:
        command, wins, losses, draws, games = play(args.tafl, a, b, args)
        diff, half, bound = elo(wins, losses, draws, games)
        found[(a, b)] = (diff, half, bound)
        shown = f"at least {diff - half:+.0f}" if bound else f"{diff:+.0f} ± {half:.0f}"
        print(f"| {a} over {b} | `tafl {command}` | {wins} | {losses} | {draws} | {shown} |")

    print()
    print("| player | Elo, greedy = 0 |")
    print("|---|---|")
    below, below_half, below_bound = found[("greedy", "random")]
    print(f"| random | {'at most ' if below_bound else ''}{-below:.0f}{'' if below_bound else f' ± {below_half:.0f}'} |")
    print("| greedy (reference) | 0 |")
    ratings = {"greedy": (0.0, 0.0, False)}
    for a, b in chain[1:]:
        diff, half, bound = found[(a, b)]
        rating, spread, lower = ratings[b]
        rating, spread, lower = rating + diff, math.hypot(spread, half), lower or bound
        ratings[a] = (rating, spread, lower)
        shown = f"at least {rating - spread:.0f}" if lower else f"{rating:.0f} ± {spread:.0f}"
        print(f"| {a} | {shown} |")
    print()
    for a, b in checks:
        far, far_half, far_bound = found[(a, b)]
        chained = ratings[a][0] - ratings[b][0]
        direct = f"at least {far - far_half:+.0f}" if far_bound else f"{far:+.0f} (± {far_half:.0f})"
        print(f"check: {a} over {b} directly {direct}, through the chain {chained:+.0f}")


if __name__ == "__main__":
    main()
