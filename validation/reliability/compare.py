#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Measured vs predicted job interruptions for the cases in cases.json.

Runs `aidc eval projects/<id>.json --format json` for every case (nothing is written to the
tree), then prints, per class group, the measured count, today's prediction (the catalog rates
the binary was built with) and the prediction of the proposal in README.md (rates calibrated on
the Llama 3 table only, applied to the same unit counts the tool builds for the case).

    python3 validation/reliability/compare.py [--aidc build/ci/app/aidc] [--json]
"""
import argparse
import json
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from aidc_eval import evaluate  # noqa: E402
DAYS_PER_YEAR = 365.25

# Tool classes -> class groups of cases.json.
GROUP_OF_CLASS = {
    "gpu": "GPU",
    "hbm": "memory",
    "transceiver": "network",
    "transceiver-1g": "network",
    "cable": "network",
    "switch": "network",
    "nic": "network",
    "host": "host",
    "psu": "host",
    "cdu": "host",
    "cooling-loop": "host",
    "software": "software",
}
GROUPS = ["GPU", "memory", "network", "host", "software", "planned"]
COMBINED = {
    "GPU+memory": ["GPU", "memory"],
    "hardware": ["GPU", "memory", "network", "host"],
    "unexpected": ["GPU", "memory", "network", "host", "software"],
}

# The proposal (README.md, "Proposal"): Llama 3 Table 5 only.
PROPOSAL = {
    "gpu": 0.081,           # per GPU-year
    "hbm": 0.030,           # per GPU-year
    "host": 0.152,          # per node-year (host boards), PSU and unplanned host maintenance included
    "psu": 0.0,             # job interruptions folded into "host"; keep a rate for the repair workload
    "nic": 0.0023,          # per NIC port-year (backend + storage ports as the tool counts them)
    "switch": 0.05,         # per switch-year, unchanged (Gill et al. 2011)
    "cable": 0.001,         # per cable-year [U]
    "transceiver": 0.0046,  # per physical optical module-year (job-interrupting modules)
    "transceiver-1g": 0.0,  # OOB: never interrupts the job
    "cdu": 0.05,            # unchanged
    "cooling-loop": 0.01,   # unchanged
}
SOFTWARE_PER_NODE_YEAR = 0.208
PLANNED_PER_JOB_DAY = 0.870
PLANNED_PER_NODE_YEAR = 0.155  # alternative basis, reported beside it


def interrupt_fraction(c):
    """Share of the group's failures that stop the job, as the solver applied it."""
    rate, count = c["failuresPerUnitYear"], c["jobCount"]
    if rate <= 0 or count <= 0:
        return 1.0
    return c["jobInterruptionsPerDay"] * DAYS_PER_YEAR / (count * rate)


def predictions(report, days):
    comps = report["reliability"]["failures"]["components"]
    today = {g: 0.0 for g in GROUPS}
    proposal = {g: 0.0 for g in GROUPS}
    nodes = 0.0
    for c in comps:
        group = GROUP_OF_CLASS.get(c["componentClass"])
        if group is None:
            continue
        today[group] += c["jobInterruptionsPerDay"] * days
        cls = c["componentClass"]
        if cls == "host":
            nodes += c["jobCount"]
        if cls == "psu":
            continue  # interruptions folded into the host rate
        rate = PROPOSAL.get(cls, c["failuresPerUnitYear"])
        proposal[group] += c["jobCount"] * rate * interrupt_fraction(c) * days / DAYS_PER_YEAR
    proposal["software"] = nodes * SOFTWARE_PER_NODE_YEAR * days / DAYS_PER_YEAR
    proposal["planned"] = PLANNED_PER_JOB_DAY * days
    alt_planned = nodes * PLANNED_PER_NODE_YEAR * days / DAYS_PER_YEAR
    return today, proposal, alt_planned, nodes


def collapse(values, key):
    return sum(values[g] for g in COMBINED.get(key, [key]))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--aidc", default=os.path.join(HERE, "..", "..", "build", "ci", "app", "aidc"))
    ap.add_argument("--json", action="store_true", help="print JSON instead of a table")
    ap.add_argument("--check", metavar="CASE",
                    help="exit 1 unless CASE's GPU, memory, network, host and software "
                         "interruptions are each within 20 %% (or the statistical band, if wider) "
                         "of the measured counts, with the catalog's default rates")
    args = ap.parse_args()
    cases = json.load(open(os.path.join(HERE, "cases.json")))
    rows = []
    for case in cases:
        report = evaluate(args.aidc, os.path.join(HERE, case["project"]))
        today, proposal, alt_planned, nodes = predictions(report, case["days"])
        for key, measured in case["measured"].items():
            t, p = collapse(today, key), collapse(proposal, key)
            if key == "planned":
                note = f"per node-year basis: {alt_planned:.1f}"
            else:
                note = ""
            rows.append({
                "case": case["id"], "group": key, "measured": measured,
                "lowerBound": key in case.get("lowerBounds", []),
                "band": case["statisticalBand"].get(key),
                "today": round(t, 1), "proposal": round(p, 1),
                "todayRatio": round(t / measured, 2) if measured else None,
                "proposalRatio": round(p / measured, 2) if measured else None,
                "note": note,
            })
        total_today = sum(today[g] for g in GROUPS)
        rows.append({"case": case["id"], "group": "(all predicted)", "measured": None,
                     "today": round(total_today, 1),
                     "proposal": round(sum(proposal[g] for g in GROUPS), 1),
                     "note": f"job nodes {nodes:.0f}"})
    if args.check:
        failed = 0
        checked = [r for r in rows if r["case"] == args.check and
                   r["group"] in ("GPU", "memory", "network", "host", "software")]
        for r in checked:
            tolerance = max(0.2, r.get("band") or 0)
            ok = abs(r["today"] - r["measured"]) <= tolerance * r["measured"]
            failed += not ok
            print(f"{r['case']} {r['group']}: measured {r['measured']}, predicted {r['today']} "
                  f"({'ok' if ok else 'OUT OF'} ±{100 * tolerance:.0f}%)")
        if len(checked) < 5:
            print(f"case {args.check}: expected 5 class groups, found {len(checked)}")
            failed += 1
        sys.exit(1 if failed else 0)
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    print("| case | group | measured | band | today | today/meas | proposal | prop/meas | note |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---|")
    for r in rows:
        m = "" if r["measured"] is None else (("≥" if r.get("lowerBound") else "") + str(r["measured"]))
        band = "" if r.get("band") is None else f"±{100 * r['band']:.0f}%"
        tr = "" if r.get("todayRatio") is None else f"{r['todayRatio']:.2f}"
        pr = "" if r.get("proposalRatio") is None else f"{r['proposalRatio']:.2f}"
        print(f"| {r['case']} | {r['group']} | {m} | {band} | {r['today']} | {tr} | "
              f"{r['proposal']} | {pr} | {r['note']} |")


if __name__ == "__main__":
    main()
