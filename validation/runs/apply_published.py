#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Writes each run's published partial plan and its software stack into its project file
(format 2: keys left out are searched). The stack preset follows one stated rule per source
(its era and software), never per run; see README.md, "Stacks".

    python3 validation/runs/apply_published.py
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
PLAN_KEYS = ["tp", "pp", "dp", "cp", "ep", "microBatch", "virtualStages", "schedule",
             "zeroStage", "recompute"]
# source prefix of the project file name -> (preset, switch overrides, why)
STACKS = {
    "narayanan2021": ("megatron-2021", {}, "Megatron-LM 2021"),
    "smith2022": ("megatron-2021", {}, "Megatron-DeepSpeed on the 2021 Megatron stack"),
    "korthikanti2022": ("megatron-2022", {}, "Megatron-LM 2022"),
    "bigscience2022": ("megatron-2022", {}, "Megatron-DeepSpeed 2022"),
    "zhang2022": ("megatron-2022", {}, "Metaseq 2022: FSDP + Megatron TP, no FlashAttention"),
    "dao2022": ("megatron-2022", {"flashAttention": True}, "the FlashAttention paper's own runs"),
    "megascale2024": ("megatron-core-2024", {}, "MegaScale: a 2024 Megatron stack with overlap"),
    "llama3-2024": ("megatron-core-2024", {}, "Meta's 2024 stack"),
    "nemotron4-2024": ("megatron-core-2024", {}, "Megatron-Core 2024"),
    "nemo2024": ("nemo-2024", {}, "NeMo 24.07"),
    "megatroncore2024": ("megatron-core-2024", {}, "Megatron-Core 2024"),
    "megatronbridge2025": ("megatron-core-2024", {}, "Megatron-Core via Megatron-Bridge 2025"),
    "torchtitan2024": ("torchtitan-fsdp2-2024", {}, "torchtitan FSDP2"),
    "liang2025": ("torchtitan-fsdp2-2024", {}, "torchtitan FSDP2"),
    "mosaicml2023": ("torchtitan-fsdp2-2024", {}, "LLM Foundry: FSDP with FlashAttention"),
    "deepseek2024": ("deepseek-v3-2024", {}, "DeepSeek-V3's own stack"),
}


def main():
    runs = json.load(open(os.path.join(HERE, "expected.json")))
    for run in runs:
        path = os.path.join(HERE, run["project"])
        project = json.load(open(path))
        workload = project["workload"]
        published = run.get("publishedPlan") or {}
        plan = {k: published[k] for k in PLAN_KEYS if k in published}
        workload["parallelism"] = plan if plan else "auto"
        source = next((k for k in STACKS if run["project"].startswith(k)), None)
        if source is None:
            raise SystemExit(f"no stack rule for {run['project']}")
        preset, overrides, _ = STACKS[source]
        stack = {"preset": preset, **overrides}
        if published.get("distributedOptimizer") is False:
            stack["distributedOptimizer"] = False
        workload["stack"] = stack
        project["version"] = 2
        with open(path, "w", encoding="utf-8") as f:
            json.dump(project, f, indent=2, ensure_ascii=False)
            f.write("\n")
    print(f"{len(runs)} projects written")


if __name__ == "__main__":
    main()
