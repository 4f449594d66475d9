# SPDX-License-Identifier: Apache-2.0
"""Runs `aidc eval FILE --format json` for the validation scripts and returns the result."""
import json
import subprocess
import sys


def evaluate(aidc, project):
    """The result document; exits with aidc's message when the evaluation itself failed."""
    out = subprocess.run([aidc, "eval", project, "--format", "json"], capture_output=True,
                         text=True, check=False)
    if out.returncode not in (0, 1):
        sys.exit(f"aidc eval {project} failed ({out.returncode}): {out.stderr.strip()}")
    return json.loads(out.stdout)
