#!/usr/bin/env bash
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
