#!/usr/bin/env python3
"""Tests of check-imports.py on packages made up in a temporary folder (no Swift needed):
each rule fails where it should, naming the target and the module, and passes where it should."""

import importlib.util
import os
import tempfile
import unittest

SPEC = importlib.util.spec_from_file_location("check_imports", os.path.join(os.path.dirname(__file__), "check-imports.py"))
check = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(check)


def target(name, kind="regular", dependencies=(), path=None):
    """A target as `swift package dump-package` writes it."""
    entry = {"name": name, "type": kind, "dependencies": [{"byName": [d, None]} for d in dependencies], "exclude": []}
    if path:
        entry["path"] = path
    return entry


class PackageFolder:
    """A package's folder with files, and its made-up dump."""

    def __init__(self, case, name, targets, products=(), dependencies=()):
        self.folder = tempfile.TemporaryDirectory()
        case.addCleanup(self.folder.cleanup)
        self.dump = {"name": name, "targets": targets, "products": list(products), "dependencies": list(dependencies)}

    def write(self, path, text):
        full = os.path.join(self.folder.name, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w", encoding="utf-8") as file:
            file.write(text)

    def package(self):
        return check.Package(self.folder.name, self.dump)


class SwiftImportsTests(unittest.TestCase):
    def test_every_form_of_import_counts(self):
        text = "\n".join([
            "import A",
            "public import B",
            "package import C",
            "@_exported public import class D.Thing",
            "@testable import E",
            "@preconcurrency internal import F",
        ])
        self.assertEqual(check.swift_imports(text), {"A", "B", "C", "D", "E", "F"})

    def test_comments_and_multi_line_strings_do_not(self):
        text = '// import A\n/*\nimport B\n*/\nlet script = """\nimport C\n"""\nimport D\n'
        self.assertEqual(check.swift_imports(text), {"D"})


class PackageTests(unittest.TestCase):
    def make(self, imports, dependencies):
        folder = PackageFolder(self, "P", [target("Model"), target("Engine", dependencies=dependencies), target("Extra")])
        folder.write("Sources/Model/Model.swift", "struct Model {}\n")
        folder.write("Sources/Extra/Extra.swift", "struct Extra {}\n")
        folder.write("Sources/Engine/Engine.swift", "".join(f"import {m}\n" for m in imports) + "import Glibc\n")
        return folder

    def test_exact_declarations_pass(self):
        folder = self.make(["Model"], ["Model"])
        self.assertEqual(check.check_package(folder.package(), {}), [])

    def test_an_import_not_declared_fails_naming_target_and_module(self):
        folder = self.make(["Model", "Extra"], ["Model"])
        self.assertEqual(check.check_package(folder.package(), {}), ["P: target Engine imports Extra, which it does not declare"])

    def test_a_declaration_not_imported_fails(self):
        folder = self.make(["Model"], ["Model", "Extra"])
        self.assertEqual(check.check_package(folder.package(), {}), ["P: target Engine declares Extra, which it does not import"])

    def test_a_c_target_includes_the_system_library_it_declares(self):
        folder = PackageFolder(
            self, "P", [target("CSys", "system", path="CSys"), target("CUser", dependencies=["CSys"]), target("COther")]
        )
        folder.write("CSys/module.modulemap", 'module CSys [system] {\n    header "shim.h"\n}\n')
        folder.write("Sources/CUser/user.c", "#include <stdio.h>\n")
        folder.write("Sources/CUser/include/user.h", "void user(void);\n")
        folder.write("Sources/COther/other.c", '#include "shim.h"\n')
        folder.write("Sources/COther/include/other.h", "void other(void);\n")
        self.assertEqual(
            check.check_package(folder.package(), {}),
            [
                "P: target COther (C) includes shim.h of CSys, which it does not declare",
                "P: target CUser (C) declares CSys and includes none of its headers",
            ],
        )

    def test_a_package_by_path_gives_its_products_modules_only(self):
        library = PackageFolder(self, "Lib", [target("Core"), target("Umbrella", dependencies=["Core"])], products=[
            {"name": "Umbrella", "targets": ["Umbrella"]}
        ])
        client = PackageFolder(self, "Client", [{
            "name": "runner", "type": "executable", "path": "Runner", "exclude": [],
            "dependencies": [{"product": ["Umbrella", "Lib", None, None]}],
        }])
        client.write("Runner/main.swift", "import Umbrella\nimport Core\n")
        self.assertEqual(
            check.check_package(client.package(), {"Lib": library.package()}),
            ["Client: target runner imports Core, which it does not declare"],
        )


class ArchitectureTests(unittest.TestCase):
    def check(self, rows):
        folder = PackageFolder(self, "P", [
            target("Model"), target("Engine", dependencies=["Model"]), target("Tool", dependencies=["Engine"]),
            target("Tests", "test", dependencies=["Tool"]),
        ])
        for name in ["Model", "Engine", "Tool"]:
            folder.write(f"Sources/{name}/{name}.swift", "struct S {}\n")
        folder.write("ARCHITECTURE.md", "\n".join([
            "# Architecture", "", "## The modules and what each may import", "",
            "| module | what it is | may import | must not |", "| --- | --- | --- | --- |", *rows, "",
        ]))
        return check.check_architecture(folder.package(), os.path.join(folder.folder.name, "ARCHITECTURE.md"))

    def test_a_table_that_says_what_the_manifest_does_passes(self):
        rows = ["| `Model` | the model | `Glibc` | devices |", "| `Engine` | the engine | `Model` | |", "| `Tool` | the tool | `Engine` | |"]
        self.assertEqual(self.check(rows), [])

    def test_a_module_missing_or_extra_in_may_import_fails(self):
        rows = ["| `Model` | the model | | |", "| `Engine` | the engine | `Model`, `Tool` | |", "| `Tool` | the tool | | |"]
        self.assertEqual(self.check(rows), [
            "ARCHITECTURE.md: Engine's 'may import' names Tool, which Package.swift does not declare for it",
            "ARCHITECTURE.md: Tool declares Engine, which its 'may import' does not name",
        ])

    def test_must_not_counts_what_a_module_reaches_through_others(self):
        rows = ["| `Model` | the model | | |", "| `Engine` | the engine | `Model` | |", "| `Tool` | the tool | `Engine` | `Model` |"]
        self.assertEqual(self.check(rows), ["ARCHITECTURE.md: Tool reaches Model, which its 'must not' names"])

    def test_every_module_has_a_row(self):
        rows = ["| `Model` | the model | | |", "| `Engine` | the engine | `Model` | |"]
        self.assertEqual(self.check(rows), ["ARCHITECTURE.md: no row for the target Tool"])


if __name__ == "__main__":
    unittest.main()
