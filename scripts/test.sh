#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Quick start 2: install what is missing, build everything with warnings as errors, and run every
# test (unit, golden, GUI offscreen) plus the formatting check. `.ci/run` calls exactly this, with
# --sanitizers: then the Qt-free core is built again with AddressSanitizer and
# UndefinedBehaviorSanitizer (preset asan, GUI off) and its tests run under them, all but the
# "validation" ones: those compare the release `aidc` with published figures in Python, which a
# sanitizer does not look into (about 16 more minutes on 2 cores).
set -euo pipefail
cd "$(dirname "$0")/.."

sanitizers=0
for argument in "$@"; do
    case "$argument" in
        --sanitizers) sanitizers=1 ;;
        *) echo "usage: scripts/test.sh [--sanitizers]" >&2; exit 2 ;;
    esac
done

scripts/deps.sh
cmake --preset ci >/dev/null
cmake --build --preset ci
cmake --build --preset ci --target format-check
export QT_QPA_PLATFORM=offscreen
ctest --preset ci --parallel 2

if [ "$sanitizers" = 1 ]; then
    cmake --preset asan -DAIDC_BUILD_GUI=OFF -DAIDC_BUILD_BENCH=OFF >/dev/null
    cmake --build --preset asan
    ctest --preset asan --parallel 2
fi
