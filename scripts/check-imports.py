#!/usr/bin/env python3
"""The manifest says what the sources import: every target declares exactly the modules of this
package (and of the packages it depends on by path) that its sources import, and imports every one
it declares. SwiftPM lets a module through to any target that reaches it transitively, so a missing
declaration builds; this check does not let it.

For each package (the root, then Tests/KernelTests, bench and Tests/Fuzz), from
`swift package dump-package` and the targets' sources:
- a Swift target (library, executable, test) imports (`import X`, `public`/`package import X`,
  `@_exported ... import X`, `@testable import X`, `import class X.Y`) only project modules it
  declares: its own package's targets, or a declared product's targets; and for each dependency
  imports its module (for a product, one of the product's modules);
- a C target includes a header of each C or system-library target it declares, and of none it
  does not;
- the root's ARCHITECTURE.md module table has a row per Swift target that is no test, whose
  "may import" column names (in backticks) exactly the project modules Package.swift declares for
  it (system modules such as `Glibc` are text to this check), and whose "must not" column names no
  project module the target reaches, directly or through its dependencies.

With `--library PATH`, the built libhaptics (libHapticsC.so) must hold no symbol of the
command-line kit or of HapticsTesting.

Exits 1, naming the target and the module, when any of this fails.
"""

import argparse
import json
import os
import re
import subprocess
import sys

SUB_PACKAGES = ["Tests/KernelTests", "bench", "Tests/Fuzz"]

IMPORT = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*"
    r"(?:(?:public|package|internal|fileprivate|private)\s+)?"
    r"import\s+(?:(?:class|struct|enum|protocol|typealias|func|var|let)\s+)?"
    r"([A-Za-z_][A-Za-z0-9_]*)"
)
INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]([^>"]+)[>"]')
MODULEMAP_HEADER = re.compile(r'header\s+"([^"]+)"')
LIBRARY_MODULES_REFUSED = ["HapticsCommandLine", "HapticsTesting"]


def module_name(target_name):
    """The module a target builds: its name, with what is no identifier character as `_`."""
    return re.sub(r"[^A-Za-z0-9_]", "_", target_name)


def swift_imports(text):
    """The modules a Swift file imports, outside comments and multi-line string literals."""
    modules = set()
    in_string = False
    in_comment = False
    for line in text.splitlines():
        if in_comment:
            if "*/" in line:
                in_comment = False
            continue
        if in_string:
            if line.count('"""') % 2 == 1:
                in_string = False
            continue
        stripped = line.lstrip()
        if stripped.startswith("/*") and "*/" not in stripped:
            in_comment = True
            continue
        match = IMPORT.match(line)
        if match:
            modules.add(match.group(1))
        elif line.count('"""') % 2 == 1:
            in_string = True
    return modules


def c_includes(text):
    """The base names of the headers a C file includes."""
    return {os.path.basename(m.group(1)) for m in map(INCLUDE.match, text.splitlines()) if m}


class Package:
    """One package: its dump, its directory, and its targets' sources."""

    def __init__(self, directory, dump):
        self.directory = directory
        self.dump = dump
        self.targets = {t["name"]: t for t in dump["targets"] if t["type"] != "plugin"}
        self.products = {p["name"]: p["targets"] for p in dump.get("products", [])}
        self.name = dump["name"]

    def target_directory(self, target):
        if target.get("path"):
            return os.path.join(self.directory, target["path"])
        folder = "Tests" if target["type"] == "test" else "Sources"
        return os.path.join(self.directory, folder, target["name"])

    def files(self, target, extensions):
        """The target's files ending with one of `extensions`, without its excluded paths."""
        root = self.target_directory(target)
        excluded = [os.path.normpath(os.path.join(root, e)) for e in target.get("exclude", [])]
        found = []
        for folder, _, names in os.walk(root):
            for name in sorted(names):
                path = os.path.normpath(os.path.join(folder, name))
                if name.endswith(extensions) and not any(path == e or path.startswith(e + os.sep) for e in excluded):
                    found.append(path)
        return sorted(found)

    def headers(self, target):
        """The headers a C or system-library target offers, by base name."""
        if target["type"] == "system":
            names = set()
            for path in self.files(target, ("module.modulemap",)):
                with open(path, encoding="utf-8") as file:
                    names |= {os.path.basename(h) for h in MODULEMAP_HEADER.findall(file.read())}
            return names
        return {os.path.basename(p) for p in self.files(target, (".h",))}

    def is_c(self, target):
        return target["type"] == "system" or (
            not self.files(target, (".swift",)) and bool(self.files(target, (".c", ".h")))
        )


def load(directory, swift):
    """The package at `directory`, from `swift package dump-package`."""
    output = subprocess.run(
        [swift, "package", "dump-package", "--package-path", directory],
        check=True, capture_output=True, text=True,
    ).stdout
    return Package(os.path.realpath(directory), json.loads(output))


def dependency_packages(package, loader):
    """The packages `package` depends on by path, by the names its manifest uses for them."""
    found = {}
    for dependency in package.dump.get("dependencies", []):
        for entry in dependency.get("fileSystem", []):
            loaded = loader(entry["path"])
            found[entry.get("nameForTargetDependencyResolutionOnly") or entry["identity"]] = loaded
            found[loaded.name] = loaded
    return found


def resolve(package, others, dependency):
    """A declared dependency as (what the messages call it, the modules it makes importable,
    the local target or None)."""
    if "byName" in dependency or "target" in dependency:
        name = (dependency.get("byName") or dependency.get("target"))[0]
        if name in package.targets:
            return name, {module_name(name)}, package.targets[name]
        for other in others.values():
            if name in other.products:
                return name, {module_name(t) for t in other.products[name]}, None
        return name, {module_name(name)}, None
    name, package_name = dependency["product"][0], dependency["product"][1]
    other = others.get(package_name)
    targets = other.products.get(name, []) if other else []
    return f"{name} (product of {package_name})", {module_name(t) for t in targets}, None


def check_package(package, others):
    """The problems of `package`'s targets: imports not declared, declarations not imported."""
    problems = []
    project = {module_name(n) for n in package.targets}
    for other in others.values():
        project |= {module_name(n) for n in other.targets}
    for name, target in sorted(package.targets.items()):
        if target["type"] == "system":
            continue
        declared = [resolve(package, others, d) for d in target.get("dependencies", [])]
        where = f"{package.name}: target {name}"
        if package.is_c(target):
            includes = set()
            for path in package.files(target, (".c", ".h")):
                with open(path, encoding="utf-8") as file:
                    includes |= c_includes(file.read())
            own = package.headers(target)
            declared_targets = set()
            for label, _, local in declared:
                if local is None or not package.is_c(local):
                    problems.append(f"{where} (C) declares {label}, which is no C or system-library target of this package")
                    continue
                declared_targets.add(local["name"])
                if not (package.headers(local) & includes):
                    problems.append(f"{where} (C) declares {label} and includes none of its headers")
            for other_name, other in sorted(package.targets.items()):
                if other_name == name or other_name in declared_targets or not package.is_c(other):
                    continue
                used = (package.headers(other) - own) & includes
                if used:
                    problems.append(f"{where} (C) includes {', '.join(sorted(used))} of {other_name}, which it does not declare")
            continue
        imports = set()
        for path in package.files(target, (".swift",)):
            with open(path, encoding="utf-8") as file:
                imports |= swift_imports(file.read())
        imports &= project
        imports.discard(module_name(name))
        importable = set().union(*(modules for _, modules, _ in declared)) if declared else set()
        for module in sorted(imports - importable):
            problems.append(f"{where} imports {module}, which it does not declare")
        for label, modules, _ in declared:
            if not (modules & imports):
                problems.append(f"{where} declares {label}, which it does not import")
    return problems


def table_rows(text, heading):
    """The rows of the first table under `heading`, each as its cells."""
    lines = text.splitlines()
    try:
        start = lines.index(heading)
    except ValueError:
        return None
    rows = []
    for line in lines[start + 1:]:
        if line.startswith("## "):
            break
        if line.startswith("|"):
            rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
        elif rows:
            break
    return rows[2:]


def reach(package, name, seen=None):
    """The local targets `name` depends on, directly or not."""
    seen = set() if seen is None else seen
    for dependency in package.targets[name].get("dependencies", []):
        entry = dependency.get("byName") or dependency.get("target")
        if entry and entry[0] in package.targets and entry[0] not in seen:
            seen.add(entry[0])
            reach(package, entry[0], seen)
    return seen


def check_architecture(package, path):
    """The problems of the module table in `path` against `package`'s manifest."""
    heading = "## The modules and what each may import"
    with open(path, encoding="utf-8") as file:
        rows = table_rows(file.read(), heading)
    label = os.path.basename(path)
    if rows is None:
        return [f"{label}: no section '{heading}'"]
    problems = []
    described = set()
    for cells in rows:
        if len(cells) < 4:
            continue
        names = [n for n in re.findall(r"`([^`]+)`", cells[0]) if n in package.targets]
        if not names:
            problems.append(f"{label}: the row '{cells[0]}' names no target of Package.swift")
            continue
        may = {n for n in re.findall(r"`([^`]+)`", cells[2]) if n in package.targets}
        must_not = {n for n in re.findall(r"`([^`]+)`", cells[3]) if n in package.targets}
        for name in names:
            described.add(name)
            declared = {resolve(package, {}, d)[0] for d in package.targets[name].get("dependencies", [])}
            for module in sorted(declared - may):
                problems.append(f"{label}: {name} declares {module}, which its 'may import' does not name")
            for module in sorted(may - declared):
                problems.append(f"{label}: {name}'s 'may import' names {module}, which Package.swift does not declare for it")
            for module in sorted(must_not & (reach(package, name) | {name})):
                problems.append(f"{label}: {name} reaches {module}, which its 'must not' names")
    for name, target in sorted(package.targets.items()):
        if target["type"] in ("regular", "executable") and not package.is_c(target) and name not in described:
            problems.append(f"{label}: no row for the target {name}")
    return problems


def check_library(path, nm):
    """The problems of the built libhaptics: symbols of modules it must not link."""
    output = subprocess.run([nm, path], check=True, capture_output=True, text=True).stdout
    problems = []
    for module in LIBRARY_MODULES_REFUSED:
        mangled = f"{len(module)}{module}"
        count = sum(1 for line in output.splitlines() if mangled in line)
        if count:
            problems.append(f"{os.path.basename(path)} holds {count} symbols of {module}")
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--package-path", default=".", help="the root package (default: .)")
    parser.add_argument("--no-sub-packages", action="store_true", help="check the root package only")
    parser.add_argument("--library", help="a built libHapticsC.so whose symbols to check")
    parser.add_argument("--swift", default=os.environ.get("SWIFT", "swift"))
    arguments = parser.parse_args()

    cache = {}

    def loader(directory):
        key = os.path.realpath(directory)
        if key not in cache:
            cache[key] = load(key, arguments.swift)
        return cache[key]

    root = loader(arguments.package_path)
    problems = check_package(root, dependency_packages(root, loader))
    problems += check_architecture(root, os.path.join(root.directory, "ARCHITECTURE.md"))
    if not arguments.no_sub_packages:
        for sub in SUB_PACKAGES:
            package = loader(os.path.join(root.directory, sub))
            problems += check_package(package, dependency_packages(package, loader))
    if arguments.library:
        problems += check_library(arguments.library, "nm")
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print(f"check-imports: {len(problems)} problems", file=sys.stderr)
        return 1
    print(f"check-imports: every target of {len(cache)} packages declares exactly what it imports")
    return 0


if __name__ == "__main__":
    sys.exit(main())
