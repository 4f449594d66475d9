#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Published site figures vs `aidc eval` on ordinary project files (cases.json).

    python3 validation/site/check.py --aidc build/ci/app/aidc

Each case names a project, a figure of the result (a JSON pointer; a path step "kind=restart"
picks the array entry with that kind) and its published value: a band ("low", "high") or a value
with the tolerance the case allows. Prints the figure, the published value and the residual;
exits 1 when a figure falls outside its band or tolerance.
"""
import argparse
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from aidc_eval import evaluate  # noqa: E402


def figure(report, pointer):
    node = report
    for step in pointer.strip("/").split("/"):
        if isinstance(node, list) and "=" in step:
            key, value = step.split("=", 1)
            node = next((item for item in node if str(item.get(key)) == value), None)
        elif isinstance(node, list):
            node = node[int(step)]
        elif isinstance(node, dict):
            node = node.get(step)
        else:
            node = None
        if node is None:
            return None
    return node


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--aidc", default="aidc")
    args = parser.parse_args()
    with open(os.path.join(HERE, "cases.json"), encoding="utf-8") as f:
        cases = json.load(f)
    failed = 0
    for case in cases:
        report = evaluate(args.aidc, os.path.join(HERE, case["project"]))
        value = figure(report, case["pointer"])
        if value is not None:
            value *= case.get("scale", 1)
        published = case["published"]
        unit = case.get("unit", "")
        if "low" in published:
            ok = value is not None and published["low"] <= value <= published["high"]
            expected = f"{published['low']}-{published['high']} {unit}"
            residual = ""
        else:
            ok = value is not None and abs(value - published["value"]) <= published["tolerance"]
            expected = f"{published['value']} {unit} (within {published['tolerance']})"
            residual = "" if value is None else f", residual {value - published['value']:+.2f}"
        failed += not ok
        shown = "none" if value is None else f"{value:.2f} {unit}"
        print(f"{case['id']}: published {expected}, aidc {shown}{residual}: "
              f"{'ok' if ok else 'OUTSIDE'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
