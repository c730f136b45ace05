"""The bots' strength and speed, run by hand: `make bench-bots` (or `python bench/bots.py --help`).

For every game, at two seats and at its largest table: seeded matches of hard against medium and
of medium against easy. The two levels alternate around the table and swap places every other
match, so each level plays every seat equally often. A match counts 1 for the stronger level
when all its winners are of that level, 0 when none are, and its share of the winners
otherwise; the table gives the win rate with its 95 % Wilson interval. It also reports the CPU
time of every hard move (mean, 99th percentile, max): the budget is 100 ms on the development
machine, and the 1-minute load average while the line ran (lowest-highest), since CPU times run
higher on a busy machine.
"""
import argparse
import math
import multiprocessing
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import GAMES  # noqa: E402
from engine.bots import choose  # noqa: E402
from engine.replay import start  # noqa: E402

PAIRINGS = (("hard", "medium"), ("medium", "easy"))
Z = 1.959964  # the normal quantile of a 95 % two-sided interval


def play(key: str, seats: int, levels: tuple[str, str], number: int) -> tuple[float, list[float]]:
    """One match: the first level's share of the winners, and the CPU seconds of each hard move."""
    game = GAMES[key]
    at_seat = [levels[(seat + number) % 2] for seat in range(seats)]
    _, state = start(game, seats, None, f"bench-{key}-{seats}-{number}")
    hard_times, moves = [], 0
    while not game.is_over(state):
        seat = game.to_move(state)
        began = time.process_time()
        move = choose(game, state, seat, at_seat[seat], f"{number}:{moves}")
        if at_seat[seat] == "hard":
            hard_times.append(time.process_time() - began)
        state = game.apply(state, seat, move)
        moves += 1
    winners = game.winners(state)
    return sum(at_seat[s] == levels[0] for s in winners) / len(winners), hard_times


def wilson(successes: float, n: int) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion."""
    p = successes / n
    centre = (p + Z * Z / (2 * n)) / (1 + Z * Z / n)
    half = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / (1 + Z * Z / n)
    return centre - half, centre + half


def _play(job):
    return play(*job)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=200, help="matches per game, table and pairing")
    parser.add_argument("--games", nargs="*", default=sorted(GAMES))
    parser.add_argument("--tables", nargs="*", choices=("two", "largest"), default=["two", "largest"],
                        help="two seats, the game's largest table, or both")
    parser.add_argument("--pairings", nargs="*", choices=[" vs ".join(p) for p in PAIRINGS],
                        default=[" vs ".join(p) for p in PAIRINGS])
    parser.add_argument("--progress", type=int, default=0, metavar="N",
                        help="print the wins so far after every N matches (to stderr)")
    parser.add_argument("--jobs", type=int, default=1, help="processes (the CPU times stay per move)")
    args = parser.parse_args()
    print(f"{'game':<10} {'seats':>5}  {'pairing':<15} {'win rate':>8}  {'95% interval':<15}  hard ms: mean p99 max  load")
    failed = False
    with multiprocessing.Pool(args.jobs) as pool:
        for key in args.games:
            game = GAMES[key]
            tables = {"two": 2, "largest": game.MAX_SEATS}
            for seats in sorted({tables[table] for table in args.tables}):
                for levels in (p for p in PAIRINGS if " vs ".join(p) in args.pairings):
                    jobs = [(key, seats, levels, n) for n in range(args.matches)]
                    results, load = [], [os.getloadavg()[0]]
                    for result in pool.imap(_play, jobs, chunksize=4):
                        results.append(result)
                        load.append(os.getloadavg()[0])
                        if args.progress and len(results) % args.progress == 0:
                            so_far = sum(share for share, _ in results)
                            slowest = max((t for _, ts in results for t in ts), default=0)
                            print(f"  {key} {seats} {' vs '.join(levels)}: {so_far:g} of {len(results)}, "
                                  f"slowest hard move {1000 * slowest:.1f} ms", file=sys.stderr, flush=True)
                    won = sum(share for share, _ in results)
                    times = sorted(t for _, ts in results for t in ts)
                    lo, hi = wilson(won, len(results))
                    failed |= lo <= 0.5
                    p99 = times[int(0.99 * (len(times) - 1))] if times else 0
                    timing = (f"{1000 * sum(times) / len(times):5.1f} {1000 * p99:5.1f} "
                              f"{1000 * times[-1]:5.1f}  {min(load):.1f}-{max(load):.1f}") if times else ""
                    print(f"{key:<10} {seats:>5}  {' vs '.join(levels):<15} {won / len(results):8.1%}  "
                          f"{lo:6.1%} - {hi:6.1%}  {timing}", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
