#!/usr/bin/env python3
"""Merges the side-by-side figures (bench/side-by-side.json, from scripts/bench-vm.sh) into
the engine's (bench/results.json, from haptics-bench): its figures join the list, and the
rest (players, ratios, track) goes under "side_by_side".

Usage: merge-side-by-side.py RESULTS.json SIDE-BY-SIDE.json
"""
import json
import sys


def merge(results_path, side_path):
    """Rewrites `results_path` with the figures of `side_path` added."""
    with open(results_path, encoding="utf-8") as file:
        results = json.load(file)
    with open(side_path, encoding="utf-8") as file:
        side = json.load(file)
    results["figures"] += side.pop("figures")
    results["side_by_side"] = side
    with open(results_path, "w", encoding="utf-8") as file:
        json.dump(results, file, indent=2, ensure_ascii=False)
        file.write("\n")


if __name__ == "__main__":
    merge(sys.argv[1], sys.argv[2])
