#!/usr/bin/env python3
"""Turns `cargo bench` output into the Markdown tables of docs/benchmarks.md.

Usage: cargo bench -p informed-bench --bench peers 2>&1 | tee peers.log; python3 scripts/bench-table.py peers.log

For each criterion group it prints every variant's median time and its ratio to the peer
(`pathfinding`) variant of the same algorithm: a ratio above 1 means informed is faster.
"""

import re
import sys

UNITS = {"ns": 1e-6, "µs": 1e-3, "us": 1e-3, "ms": 1.0, "s": 1e3}


def medians(lines):
    """(group, variant) -> median milliseconds, in the order criterion printed them."""
    result = {}
    name = None
    for line in lines:
        line = line.rstrip()
        match = re.match(r"^(\S+/\S+?)(?:\s+time:.*)?$", line)
        if match and not line.startswith(" ") and "/" in line and "time:" not in line:
            name = match.group(1)
        timing = re.search(r"time:\s+\[\S+ \S+ (\S+) (\S+) \S+ \S+\]", line)
        if timing and name is None:
            # criterion prints "name time: [...]" on one line when the name is short.
            head = line.split("time:")[0].strip()
            name = head or None
        if timing and name:
            value, unit = float(timing.group(1)), timing.group(2)
            group, _, variant = name.rpartition("/")
            result[(group, variant)] = value * UNITS[unit]
            name = None
    return result


def peer_of(variant):
    """The pathfinding variant a given informed variant is compared with."""
    if variant in ("informed", "informed-hashed"):
        return "pathfinding"
    for prefix in ("informed-hashed-", "informed-"):
        if variant.startswith(prefix):
            return "pathfinding-" + variant[len(prefix):]
    return None


def main():
    times = medians(open(sys.argv[1], encoding="utf-8"))
    groups = []
    for group, _ in times:
        if group not in groups:
            groups.append(group)
    for group in groups:
        print(f"\n**{group}**\n")
        print("| variant | median | vs pathfinding |")
        print("|---|---:|---:|")
        for (g, variant), ms in times.items():
            if g != group:
                continue
            peer = times.get((group, peer_of(variant)))
            ratio = f"{peer / ms:.2f}×" if peer and not variant.startswith("pathfinding") else ""
            print(f"| {variant} | {ms:.3f} ms | {ratio} |")
    for line in open(sys.argv[1], encoding="utf-8"):
        if line.startswith("memory:"):
            print("    " + line.rstrip())


if __name__ == "__main__":
    main()
