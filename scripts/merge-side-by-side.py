#!/usr/bin/env python3
"""Merges the side-by-side figures (from scripts/bench-vm.sh: bench/side-by-side.json, on the
instruction clock, and bench/side-by-side-real-time.json) into the engine's
(bench/results.json, from haptics-bench): their figures join the list, and the rest (players,
ratios, track) goes under "side_by_side" and "side_by_side_real_time".

Usage: merge-side-by-side.py RESULTS.json SIDE-BY-SIDE.json [SIDE-BY-SIDE-REAL-TIME.json]
"""
import json
import sys


def merge(results_path, side_path, real_time_path=None):
    """Rewrites `results_path` with the figures of `side_path` (and `real_time_path`) added."""
    with open(results_path, encoding="utf-8") as file:
        results = json.load(file)
    for key, path in (("side_by_side", side_path), ("side_by_side_real_time", real_time_path)):
        if path is None:
            continue
        with open(path, encoding="utf-8") as file:
            side = json.load(file)
        results["figures"] += side.pop("figures")
        results[key] = side
    with open(results_path, "w", encoding="utf-8") as file:
        json.dump(results, file, indent=2, ensure_ascii=False)
        file.write("\n")


if __name__ == "__main__":
    merge(*sys.argv[1:4])
