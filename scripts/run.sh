#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Quick start 1: install what is missing, build a Release build, and run the main job on the
# bundled sample project: the GUI when a display is available, else the CLI evaluation.
#   scripts/run.sh [PROJECT]      (default: projects/h100-1k-infiniband.json)
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/deps.sh
cmake --preset release >/dev/null
cmake --build --preset release

project="${1:-projects/h100-1k-infiniband.json}"
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] && [ -x build/release/app/aidc-planner ]; then
  exec build/release/app/aidc-planner "$project"
fi
exec build/release/app/aidc eval "$project"
