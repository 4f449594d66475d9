#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds the Release benchmarks and runs them all; their figures go into docs/performance.md.
#   scripts/bench.sh            (build dir: build/release)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh
cmake --preset release >/dev/null
targets=$(cmake --build --preset release --target help | sed -n 's/^\(bench_[a-z_]*\):.*/\1/p' | sort -u)
cmake --build --preset release --target $targets
for target in $targets; do
  echo "== $target"
  "build/release/bench/$target"
  echo
done
# The planner's whole-process cold start with the 100k sample (issue 8: a shown window <= 1 s).
cmake --build --preset release --target aidc-planner
echo "== aidc-planner --startup-time"
for run in 1 2 3; do
  QT_QPA_PLATFORM=${QT_QPA_PLATFORM:-offscreen} build/release/app/aidc-planner --startup-time \
    projects/h100-100k-site.json
done
