#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""`aidc bom|cables|racks|halls --xlsx` and `aidc compare --side-by-side --xlsx` against the same command's CSV (issue 21): the workbook opens
(a valid zip of sheet XML), every sheet has a frozen header row and an auto-filter, the rows of
all sheets are the CSV's rows in order, a cell whose CSV text is a number is a numeric cell with
that value, and text that would start a formula starts with an apostrophe.

usage: check_xlsx.py AIDC SAMPLE
"""
import csv
import io
import math
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
import zipfile

NS = {'m': 'http://schemas.openxmlformats.org/spreadsheetml/2006/main'}
RNS = '{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id'


def number(text):
    digits = text[1:] if text.startswith('-') else text
    if len(digits) > 1 and digits[0] == '0' and digits[1].isdigit():
        return None  # an identifier such as "0042" stays text
    try:
        value = float(text)
    except ValueError:
        return None
    return value if math.isfinite(value) and not text.startswith('+') else None


def sheets(path):
    """[(name, rows)] in workbook order; rows as lists of (kind, text)."""
    z = zipfile.ZipFile(path)
    workbook = ET.fromstring(z.read('xl/workbook.xml'))
    rels = ET.fromstring(z.read('xl/_rels/workbook.xml.rels'))
    targets = {r.get('Id'): r.get('Target') for r in rels}
    out = []
    for sheet in workbook.find('m:sheets', NS):
        xml = z.read('xl/' + targets[sheet.get(RNS)])
        root = ET.fromstring(xml)
        assert root.find('m:sheetViews/m:sheetView/m:pane', NS) is not None, 'no frozen pane'
        assert root.find('m:autoFilter', NS) is not None, 'no auto-filter'
        rows = []
        for row in root.find('m:sheetData', NS):
            cells = {}
            for c in row:
                col = re.match(r'[A-Z]+', c.get('r')).group(0)
                index = 0
                for ch in col:
                    index = index * 26 + ord(ch) - 64
                if c.get('t') == 'inlineStr':
                    cells[index - 1] = ('s', c.find('m:is/m:t', NS).text or '')
                else:
                    cells[index - 1] = ('n', c.find('m:v', NS).text)
            width = max(cells) + 1 if cells else 0
            rows.append([cells.get(i, ('', '')) for i in range(width)])
        out.append((sheet.get('name'), rows))
    return out


def check(aidc, command, arguments, tmp):
    target = os.path.join(tmp, command + '.xlsx')
    done = subprocess.run([aidc, command] + arguments + ['--xlsx', '--output', target],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    text = subprocess.run([aidc, command] + arguments + ['--csv'], capture_output=True,
                          text=True).stdout
    expected = list(csv.reader(io.StringIO(text)))
    header, body = expected[0], expected[1:]
    if command in ('bom', 'compare'):
        # A sheet per category or section, in the order they first appear.
        order = list(dict.fromkeys(row[0] for row in body))
        body = [row for key in order for row in body if row[0] == key]
    got = []
    for name, rows in sheets(target):
        assert [t for _, t in rows[0]] == header, f'{name}: header differs'
        got.extend(rows[1:])
    assert len(got) == len(body), f'{command}: {len(got)} rows, CSV has {len(body)}'
    for line, (cells, want) in enumerate(zip(got, body), 2):
        for i, value in enumerate(want):
            kind, cell = cells[i] if i < len(cells) else ('', '')
            if value == '':
                assert kind == '', f'{command} row {line} col {i}: expected empty'
            elif number(value) is not None:
                # libxlsxwriter writes 16 significant digits (a spreadsheet keeps 15).
                assert kind == 'n' and math.isclose(float(cell), number(value), rel_tol=1e-15), \
                    f'{command} row {line} col {i}: {value!r} is not a numeric cell ({kind} {cell!r})'
            else:
                # The CSV already neutralises formulas the same way (csvSafeText).
                assert kind == 's' and cell == value, \
                    f'{command} row {line} col {i}: {cell!r} != {value!r}'
    return len(got)


def main(argv):
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    aidc, sample = argv[1], argv[2]
    with tempfile.TemporaryDirectory() as tmp:
        # compare: the sample side by side with the minimal sample, a sheet per section.
        other = os.path.join(os.path.dirname(sample), 'minimal.json')
        runs = [(command, [sample]) for command in ('bom', 'cables', 'racks', 'halls')]
        runs.append(('compare', ['--side-by-side', sample, other]))
        for command, arguments in runs:
            try:
                rows = check(aidc, command, arguments, tmp)
            except AssertionError as problem:
                print(f'FAIL {command}: {problem}')
                return 1
            print(f'ok   {command}: {rows} rows')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
