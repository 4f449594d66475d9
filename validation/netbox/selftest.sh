#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Self-test for check.py: the good examples must pass, and every line of each EXPECTED file must
# appear in the checker's output for the matching bad example. Needs only bash and python3.
set -u
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here"
check="python3 check.py"
fail=0

expect_exit() {  # expect_exit CODE DESCRIPTION -- ARGS...
    local want="$1" what="$2"; shift 3
    local out rc
    out="$($check "$@" 2>&1)"; rc=$?
    if [ "$rc" -ne "$want" ]; then
        echo "FAIL: $what: exit $rc, expected $want"; echo "$out" | sed 's/^/    /'; fail=1
    else
        echo "ok:   $what (exit $rc)"
    fi
    LAST_OUTPUT="$out"
}

expect_lines() {  # expect_lines EXPECTED_FILE PREFIX
    local file="$1" prefix="$2" line
    while IFS= read -r line; do
        case "$line" in ''|'#'*) continue ;; esac
        if ! grep -qF -- "$prefix$line" <<<"$LAST_OUTPUT"; then
            echo "FAIL: missing from output: $prefix$line"; fail=1
        fi
    done <"$file"
}

expect_exit 0 "examples/good passes" -- examples/good
grep -qF '0 problems' <<<"$LAST_OUTPUT" || { echo "FAIL: no '0 problems' summary"; fail=1; }

expect_exit 0 "examples/with-yaml + device-types/good passes" -- \
    --device-types examples/device-types/good examples/with-yaml

expect_exit 1 "examples/bad is rejected" -- examples/bad
expect_lines examples/bad/EXPECTED "examples/bad/"

expect_exit 1 "device-types/bad is rejected" -- --device-types examples/device-types/bad examples/with-yaml
expect_lines examples/device-types/bad/EXPECTED "examples/device-types/bad/"

expect_exit 2 "no arguments is a usage error" --
expect_exit 2 "missing directory is a usage error" -- /nonexistent-netbox-export-dir

if [ "$fail" -ne 0 ]; then echo "selftest FAILED"; exit 1; fi
echo "selftest passed"
