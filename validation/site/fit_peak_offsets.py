#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Fits the peak hour the power model takes when a project gives no design conditions: the
hottest monthly mean + an offset, for dry bulb (ASHRAE 0.4 % cooling dry bulb) and wet bulb
(ASHRAE 0.4 % evaporation wet bulb), on the stations of climates.json. Reports the fitted offset
(the mean), its leave-one-station-out error, and the error of a given rule.

    python3 validation/site/fit_peak_offsets.py [--dry 9 --wet 4]
"""
import argparse
import json
import os
import statistics

HERE = os.path.dirname(os.path.abspath(__file__))


def report(name, offsets, rule):
    fitted = statistics.mean(offsets)
    loso = [statistics.mean(offsets[:i] + offsets[i + 1:]) - v for i, v in enumerate(offsets)]
    rule_errors = [rule - v for v in offsets]
    print(f"{name}: fitted +{fitted:.2f} K; leave-one-station-out error mean "
          f"{statistics.mean(map(abs, loso)):.2f} K, worst {max(map(abs, loso)):.2f} K; "
          f"rule +{rule:g} K: mean {statistics.mean(map(abs, rule_errors)):.2f} K, worst "
          f"{max(map(abs, rule_errors)):.2f} K")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--dry", type=float, default=9)
    parser.add_argument("--wet", type=float, default=4)
    args = parser.parse_args()
    with open(os.path.join(HERE, "climates.json"), encoding="utf-8") as f:
        stations = json.load(f)
    dry = [s["db004"] - max(s["monthlyDryBulbC"]) for s in stations]
    wet = [s["wb004"] - max(s["monthlyWetBulbC"]) for s in stations]
    for s, d, w in zip(stations, dry, wet):
        print(f"  {s['station'][:40]:40s} dry +{d:4.1f} K  wet +{w:4.1f} K")
    report("dry bulb", dry, args.dry)
    report("wet bulb", wet, args.wet)


if __name__ == "__main__":
    main()
