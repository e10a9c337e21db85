#!/usr/bin/env python3
"""Prints the files a Python program needs in the VM's bare guest, one path per line: every
module it imports when it starts (found by importing it here, without running its main
block), their cached bytecode (so the guest does not compile them under emulation),
extension modules (run.sh adds their shared libraries), and the venv's pyvenv.cfg.

Run it with the interpreter the guest will run and in the guest's bare environment
(env -i), so that the same modules load.

Usage: python-files.py PROGRAM.py
"""
import importlib.util
import os
import sys


def needed_files(program):
    """The paths to copy for `program`, sorted. Importing it writes no bytecode next to it."""
    sys.dont_write_bytecode = True
    spec = importlib.util.spec_from_file_location("program", program)
    spec.loader.exec_module(importlib.util.module_from_spec(spec))
    files = {program}
    if sys.prefix != sys.base_prefix:
        files.add(os.path.join(sys.prefix, "pyvenv.cfg"))
    for module in list(sys.modules.values()):
        path = getattr(module, "__file__", None)
        if not path or not os.path.isfile(path):
            continue
        files.add(path)
        if path.endswith(".py"):
            cached = importlib.util.cache_from_source(path)
            if os.path.isfile(cached):
                files.add(cached)
    return sorted(files)


if __name__ == "__main__":
    print("\n".join(needed_files(os.path.abspath(sys.argv[1]))))
