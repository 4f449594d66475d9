#!/usr/bin/env bash
# Regenerates tests/golden/expected/ from the current build. Review `git diff` before committing.
#   scripts/update-goldens.sh [BUILD_DIR]     (default: build/ci)
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build/ci}"
export AIDC_CATALOG_DIR="$PWD/catalogs/data"
for project in projects/*.json; do
  name=$(basename "$project" .json)
  "$build/app/aidc" eval "$project" --as-of 2026-11-21 --format text > "tests/golden/expected/$name.text"
  "$build/app/aidc" eval "$project" --as-of 2026-11-21 --format json > "tests/golden/expected/$name.json"
done
echo "updated: $(ls tests/golden/expected | wc -l) files"
