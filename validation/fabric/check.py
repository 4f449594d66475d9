#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Runs every DGX SuperPOD case of validation/fabric through `aidc eval` and compares the counts.

usage: check.py AIDC [--update]

For each case of expected.json and each plane it lists, the figures `aidc eval --format json`
gives today are read as README.md describes (leaf/spine/core = switches of tiers 1/2/3 times
parallelPlanes, cables = links, transceivers = transceiverModules, ufmLinks = reservedPorts,
ufmAppliances = fabricManagers, cablePieces = cables, endpoints). The script fails when a figure differs from the recorded
`predictedToday` (a change of the model must update the record, with --update, and say why in
its commit), or when a figure that matched the published count no longer does. It prints the
residual of every figure against the published one.
"""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def measured(aidc, project):
    run = subprocess.run([aidc, "eval", os.path.join(HERE, project), "--format", "json"],
                         capture_output=True, text=True)
    if run.returncode not in (0, 1):
        raise SystemExit(f"{project}: aidc eval exited {run.returncode}:\n{run.stderr}")
    result = json.loads(run.stdout)
    planes = {}
    for plane in result["fabric"]["planes"]:
        copies = plane.get("parallelPlanes", 1)
        tiers = {t["tier"]: t["switches"] * copies for t in plane["tierStats"]}
        planes[plane["name"]] = {
            "leaf": tiers.get(1, 0),
            "spine": tiers.get(2, 0),
            "core": tiers.get(3, 0),
            "switches": sum(tiers.values()),
            "cables": plane["links"] * copies,
            "transceivers": plane["transceiverModules"] * copies,
            "ufmLinks": plane["reservedPorts"] * copies,
            "ufmAppliances": plane["fabricManagers"] * copies,
            "cablePieces": plane["cables"] * copies,
            "endpoints": plane["endpoints"] * copies,
        }
    return planes


def main():
    if len(sys.argv) < 2:
        raise SystemExit(__doc__)
    aidc, update = sys.argv[1], "--update" in sys.argv[2:]
    path = os.path.join(HERE, "expected.json")
    with open(path, encoding="utf-8") as f:
        cases = json.load(f)
    failures, matched, compared = [], 0, 0
    for case in cases:
        planes = measured(aidc, case["project"])
        for name, published in case["expected"].items():
            if name not in planes:
                failures.append(f"{case['project']}: no plane '{name}' in the result")
                continue
            today = planes[name]
            recorded = case["predictedToday"].setdefault(name, {})
            for key, value in today.items():
                if key in published and published[key] is not None:
                    compared += 1
                    was_match = recorded.get(key) == published[key]
                    matched += value == published[key]
                    residual = value - published[key]
                    mark = "" if residual == 0 else f"  ({residual:+d})"
                    print(f"{case['project']:36} {name:9} {key:13} published {published[key]:>6}"
                          f"  aidc {value:>6}{mark}")
                    if was_match and value != published[key] and not update:
                        failures.append(f"{case['project']} {name} {key}: matched the published "
                                        f"{published[key]}, now {value}")
                if key in recorded and recorded[key] != value and not update:
                    failures.append(f"{case['project']} {name} {key}: recorded {recorded[key]}, "
                                    f"now {value} (run with --update if the change is intended)")
                if update:
                    recorded[key] = value
    print(f"\n{matched} of {compared} published figures reproduced exactly")
    if update:
        with open(path, "w", encoding="utf-8") as f:
            json.dump(cases, f, indent=2, ensure_ascii=False)
            f.write("\n")
        print(f"updated {path}")
    if failures:
        print("\n".join(["", "FAILED:"] + failures))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
