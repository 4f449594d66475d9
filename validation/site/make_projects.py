#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Writes the site validation's project files from climates.json (run by hand; the files are
committed). One project per station: a 1,016-GPU H100 hall on direct liquid cooling with the
station's monthly means and no design conditions, so the tool takes its own peak hour; and, for
the water cases, the Washington-Dulles climate with air cooling on towers and with immersion
whose air loop too rejects through dry coolers.

    python3 validation/site/make_projects.py
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def project(name, climate, cooling):
    return {
        "$schema": "../../../docs/schema/aidc-project.schema.json",
        "schema": "aidc-project",
        "version": 2,
        "name": name,
        "site": {
            "name": climate["station"],
            "climate": {
                "monthlyDryBulbC": climate["monthlyDryBulbC"],
                "monthlyWetBulbC": climate["monthlyWetBulbC"],
            },
        },
        "cooling": cooling,
        "compute": {"pools": [{"gpu": "H100-SXM", "gpuCount": 1016}]},
    }


def write(name, document):
    path = os.path.join(HERE, "projects", name)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(document, f, indent=2, ensure_ascii=False)
        f.write("\n")


def main():
    with open(os.path.join(HERE, "climates.json"), encoding="utf-8") as f:
        climates = json.load(f)
    os.makedirs(os.path.join(HERE, "projects"), exist_ok=True)
    for climate in climates:
        write(f"climate-{climate['wmo']}.json",
              project(f"Peak hour without design data: {climate['station']}", climate,
                      {"type": "direct-liquid", "coolant": "pg40"}))
    dulles = next(c for c in climates if c["wmo"] == "724030")
    write("water-air-towers.json",
          project("Air-cooled hall on cooling towers, Washington-Dulles climate", dulles,
                  {"type": "air"}))
    write("water-immersion-dry.json",
          project("Immersion, every loop on dry coolers, Washington-Dulles climate", dulles,
                  {"type": "immersion", "coolant": "pg25", "airHeatRejection": "dry-cooler"}))


if __name__ == "__main__":
    main()
