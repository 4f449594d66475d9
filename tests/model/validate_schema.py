#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The generated JSON Schema of the project file (docs/schema/aidc-project.schema.json) accepts
every shipped sample and every valid test project, and an editor using it reports a typo'd key
with its path, as `aidc validate` does with its own message.

usage: validate_schema.py SOURCE_DIR AIDC_EXECUTABLE
"""
import glob
import json
import os
import subprocess
import sys
import tempfile

import jsonschema


def main():
    source, aidc = sys.argv[1], sys.argv[2]
    with open(os.path.join(source, "docs/schema/aidc-project.schema.json"), encoding="utf-8") as f:
        schema = json.load(f)
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)

    files = sorted(glob.glob(os.path.join(source, "projects/*.json")))
    files.append(os.path.join(source, "tests/model/fixtures/v0-draft.upgraded.json"))
    failures = 0
    for path in files:
        with open(path, encoding="utf-8") as f:
            document = json.load(f)
        errors = list(validator.iter_errors(document))
        for error in errors:
            print(f"{path}: /{'/'.join(str(p) for p in error.absolute_path)}: {error.message}")
        failures += len(errors)
    if len(files) < 8:
        print(f"expected the samples and fixtures, found {len(files)} files")
        failures += 1

    # A typo'd key: the schema names the object and the key, and so does the loader.
    with open(os.path.join(source, "projects/minimal.json"), encoding="utf-8") as f:
        document = json.load(f)
    document.setdefault("site", {})["electricityUsdPerKwh"] = 0.05
    errors = list(validator.iter_errors(document))
    if not any(list(e.absolute_path) == ["site"] and "electricityUsdPerKwh" in e.message
               for e in errors):
        print("schema: the typo'd key /site/electricityUsdPerKwh was not reported:",
              [e.message for e in errors])
        failures += 1
    with tempfile.TemporaryDirectory() as directory:
        typo = os.path.join(directory, "typo.json")
        with open(typo, "w", encoding="utf-8") as f:
            json.dump(document, f)
        run = subprocess.run([aidc, "validate", typo], capture_output=True, text=True)
        if run.returncode != 3 or "/site/electricityUsdPerKwh: unknown key" not in run.stderr:
            print("aidc validate: expected exit 3 naming /site/electricityUsdPerKwh, got",
                  run.returncode, run.stderr)
            failures += 1

    print(f"{len(files)} files checked against the schema, {failures} problem(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
