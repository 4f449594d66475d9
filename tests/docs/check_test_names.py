#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Every Catch2 test name is one ctest test that runs.

catch_discover_tests turns each name into a CMake list entry and a Catch test spec. A square
bracket in a name unbalances the CMake list, so the following names merge into one ctest entry
whose filter matches nothing and which passes without running a test (found in 2026: eight
power tests had not run for weeks). A name starting with '-' is read as an option.

    python3 tests/docs/check_test_names.py SOURCE_DIR
"""
import pathlib
import re
import sys

NAME = re.compile(r'TEST_CASE\(\s*"((?:[^"\\]|\\.)*)"')


def main():
    root = pathlib.Path(sys.argv[1])
    bad = []
    for path in sorted((root / "tests").rglob("*.cpp")):
        text = path.read_text(encoding="utf-8")
        for match in NAME.finditer(text):
            name = match.group(1)
            line = text.count("\n", 0, match.start()) + 1
            if "[" in name or "]" in name or ";" in name:
                bad.append(f"{path.relative_to(root)}:{line}: '[', ']' or ';' in \"{name}\"")
            if name.startswith("-"):
                bad.append(f"{path.relative_to(root)}:{line}: starts with '-': \"{name}\"")
    for problem in bad:
        print(problem)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
