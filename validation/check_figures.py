#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Published figures vs `aidc eval` on ordinary project files (a cases.json).

    python3 validation/check_figures.py --aidc build/ci/app/aidc --cases validation/site/cases.json

Each case names a project (relative to the cases file), a figure of the result (a JSON pointer; a
path step "kind=restart" picks the array entry with that kind), optionally "per", a second
pointer the figure is divided by (dollars per watt of IT, watts per rack), and its published
value: a band ("low", "high") or a value with the tolerance the case allows. Prints the figure,
the published value and the residual; exits 1 when a figure falls outside its band or
tolerance. A case marked "reportOnly" (a published figure whose assumptions the source does not
state) prints its residual and never fails.
"""
import argparse
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
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
    parser.add_argument("--cases", required=True, help="the cases.json to check")
    args = parser.parse_args()
    with open(args.cases, encoding="utf-8") as f:
        cases = json.load(f)
    base = os.path.dirname(os.path.abspath(args.cases))
    failed = 0
    reports = {}
    for case in cases:
        project = os.path.normpath(os.path.join(base, case["project"]))
        if project not in reports:
            reports[project] = evaluate(args.aidc, project)
        report = reports[project]
        value = figure(report, case["pointer"])
        if value is not None and "per" in case:
            divisor = figure(report, case["per"])
            value = value / divisor if divisor else None
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
            residual = "" if value is None else (
                f", residual {value - published['value']:+.2f}"
                f" ({100 * (value / published['value'] - 1):+.1f} %)" if published["value"] else
                f", residual {value - published['value']:+.2f}")
        report_only = case.get("reportOnly", False)
        failed += not ok and not report_only
        shown = "none" if value is None else f"{value:.2f} {unit}"
        verdict = "ok" if ok else ("outside (reported, not checked)" if report_only else "OUTSIDE")
        print(f"{case['id']}: published {expected}, aidc {shown}{residual}: {verdict}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
