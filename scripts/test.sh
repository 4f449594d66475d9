#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Quick start 2: install what is missing, build everything with warnings as errors, and run every
# test (unit, golden, GUI offscreen) plus the formatting check. `.ci/run` calls exactly this.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/deps.sh
cmake --preset ci >/dev/null
cmake --build --preset ci
cmake --build --preset ci --target format-check
export QT_QPA_PLATFORM=offscreen
ctest --preset ci --parallel 2
