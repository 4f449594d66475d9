#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Published site-power figures vs `aidc eval` on ordinary project files (cases.json).

    python3 validation/site/check.py --aidc build/ci/app/aidc/aidc

Prints each case's published band, the tool's figure and the verdict; exits 1 when a figure
falls outside its band.
"""
import argparse
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from aidc_eval import evaluate  # noqa: E402


def restart_drop_mw(report):
    for event in report.get("loadProfile", {}).get("events", []):
        if event["kind"] == "restart":
            return event["utilityDropW"] / 1e6
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--aidc", default="aidc")
    args = parser.parse_args()
    with open(os.path.join(HERE, "cases.json"), encoding="utf-8") as f:
        cases = json.load(f)
    failed = 0
    for case in cases:
        report = evaluate(args.aidc, os.path.join(HERE, case["project"]))
        value = restart_drop_mw(report)
        band = case["publishedMW"]
        ok = value is not None and band["low"] <= value <= band["high"]
        failed += not ok
        shown = "none" if value is None else f"{value:.1f} MW"
        print(f"{case['id']}: published {band['low']}-{band['high']} MW, "
              f"aidc {shown}: {'ok' if ok else 'OUTSIDE'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
