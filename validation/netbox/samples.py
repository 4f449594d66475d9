#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Exports every shipped sample with `aidc export netbox` and checks each import set with
check.py: the ctest `validation.netbox.samples` (issue 21: every sample imports with 0 problems).

usage: samples.py AIDC PROJECTS_DIR
"""
import glob
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def main(argv):
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    aidc, projects = argv[1], argv[2]
    samples = sorted(glob.glob(os.path.join(projects, '*.json')))
    if not samples:
        print(f'no samples in {projects}', file=sys.stderr)
        return 2
    failed = 0
    for sample in samples:
        with tempfile.TemporaryDirectory() as tmp:
            out = os.path.join(tmp, 'netbox')
            export = subprocess.run([aidc, 'export', 'netbox', sample, '--out', out],
                                    capture_output=True, text=True)
            if export.returncode != 0:
                print(f'FAIL {sample}: export exit {export.returncode}\n{export.stderr}')
                failed += 1
                continue
            check = subprocess.run([sys.executable, os.path.join(HERE, 'check.py'), out],
                                   capture_output=True, text=True)
            # The library-form device types, against the manufacturers they name (alone: with
            # the CSV set they would duplicate its device types and interfaces).
            types = os.path.join(tmp, 'types')
            os.makedirs(types)
            shutil.copy(os.path.join(out, '05-manufacturers.csv'), types)
            yaml_check = subprocess.run([sys.executable, os.path.join(HERE, 'check.py'),
                                         '--device-types', os.path.join(out, 'device-types'),
                                         types], capture_output=True, text=True)
            if yaml_check.returncode != 0:
                print(f'FAIL {sample} device-types YAML:\n  ' +
                      '\n  '.join(yaml_check.stdout.strip().splitlines()[:20]))
                failed += 1
                continue
            summary = check.stdout.strip().splitlines()[-1] if check.stdout.strip() else ''
            if check.returncode != 0:
                problems = check.stdout.strip().splitlines()[:20]
                print(f'FAIL {sample}: {summary}\n  ' + '\n  '.join(problems))
                failed += 1
            else:
                print(f'ok   {sample}: {summary}')
    print(f'{len(samples) - failed} of {len(samples)} samples import cleanly')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
