"""This tree beside another, under issue 12's load, in alternating short rounds: `python -m bench.ab
--base PATH` (PATH: a worktree of the commit to compare with, `git worktree add PATH COMMIT`).

Whole runs of bench/load.py made one after the other differ by up to a fifth on the shared 2-core
machine (docs/PERFORMANCE.md), so a change worth a few percent needs many of them. Here each round
measures both trees, one right after the other (in the order AB BA BA AB ..., so that a drift of
the machine weighs on both alike), each on a service started for it on a fresh SQLite file (or on
`--database-url`): K pairs of seats play for `--seconds` (or, with `--kinds`, each polling request
kind is sent alone, as bench/load.py does). The median of the rounds' ratios is the comparison.
Server CPU counts the service's master and workers (and PostgreSQL's backends), as bench/load.py
does.
"""
import argparse
import asyncio
import contextlib
import statistics
import subprocess
import sys
from pathlib import Path

from bench.load import play_phase, request_kinds
from bench.server import ROOT, Service, scratch_sqlite

SIDES = ("base", "this")


async def under_load(service: Service, args) -> dict[str, float]:
    row = await play_phase(service, args.concurrency, args.matches, args.warmup, args.seconds, args.wait)
    return {"CPU ms/move": row["server_cpu_ms_per_move"], "moves/s": row["moves_per_s"],
            "switches/move": row["thread_switches_per_move"],
            "busiest worker's share": row["busiest_worker_share"]}  # a lopsided round shows here


async def kinds_alone(service: Service, args) -> dict[str, float]:
    return {f"{kind}: CPU ms": figures["server_cpu_ms"]
            for kind, figures in (await request_kinds(service, args.seconds, args.in_flight)).items()}


async def compare(args) -> list[dict[str, dict[str, float]]]:
    """Per round, each side's figures, each measured on a service started for it: something in a
    process (its hash seed, its memory layout, which worker took which connections) can make it
    faster or slower than another for all its life (docs/PERFORMANCE.md)."""
    measure = kinds_alone if args.kinds else under_load
    roots = {"base": args.base.resolve(), "this": ROOT}
    rounds = []
    for number in range(args.rounds):
        order = SIDES if number % 4 in (0, 3) else SIDES[::-1]
        row = {}
        for side in order:
            with contextlib.ExitStack() as stack:
                database = (side == "base" and args.base_database_url) or args.database_url \
                    or stack.enter_context(scratch_sqlite())
                row[side] = await measure(stack.enter_context(Service(database, root=roots[side])), args)
        rounds.append(row)
        print(f"round {number + 1}: {row}", file=sys.stderr)
    return rounds


def commit(root: Path) -> str:
    described = subprocess.run(["git", "-C", str(root), "describe", "--always", "--dirty"], capture_output=True, text=True)
    return described.stdout.strip() or "?"


def report(args, rounds: list[dict[str, dict[str, float]]]) -> str:
    figures = list(rounds[0]["base"])
    ratios = {name: [row["this"][name] / row["base"][name] for row in rounds] for name in figures}
    lines = [f"base {commit(args.base)} against this tree {commit(ROOT)}, "
             f"{'each polling request kind alone' if args.kinds else f'K = {args.concurrency}'}, "
             f"{args.rounds} rounds of {args.seconds:g} s on each side\n",
             "| round | " + " | ".join(f"{name}: base / this (ratio)" for name in figures) + " |",
             "|---" * (len(figures) + 1) + "|"]
    for number, row in enumerate(rounds, start=1):
        lines.append(f"| {number} | " + " | ".join(
            f"{row['base'][name]:g} / {row['this'][name]:g} ({row['this'][name] / row['base'][name]:.3f})"
            for name in figures) + " |")
    lines.append("")
    for name, values in ratios.items():
        lines.append(f"- {name}, this / base: median {statistics.median(values):.3f} "
                     f"({min(values):.3f} to {max(values):.3f}; lower in {sum(r < 1 for r in values)} of {len(values)})")
    return "\n".join(lines)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", type=Path, required=True, help="the other tree (a git worktree)")
    parser.add_argument("--database-url", help="PostgreSQL for both services; default: a fresh SQLite file each")
    parser.add_argument("--base-database-url",
                        help="PostgreSQL for the base's service when a migration lies between the trees "
                             "(each side upgrades its database to its own schema); default --database-url")
    parser.add_argument("--kinds", action="store_true",
                        help="each polling request kind alone (bench/load.py's), instead of the load")
    parser.add_argument("--in-flight", type=int, default=16, help="with --kinds: requests sent at once")
    parser.add_argument("--concurrency", type=int, default=8, help="K pairs of seats")
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=6, help="per round and side (per kind with --kinds)")
    parser.add_argument("--matches", type=int, default=200, help="set up per round and side, at least")
    parser.add_argument("--warmup", type=int, default=4, help="unmeasured matches first, per round and side")
    parser.add_argument("--wait", type=int, default=20, help="seconds each poll asks to wait for news")
    args = parser.parse_args(argv)
    print(report(args, asyncio.run(compare(args))))


if __name__ == "__main__":
    main()
