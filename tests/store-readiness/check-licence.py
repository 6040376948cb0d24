#!/usr/bin/env python3
"""The product's licence: the Cargo workspace names it (`license`, an SPDX identifier), the
repository carries its text (core/LICENSE: the top level holds only the project's folders),
and the App Store's copyright line (ios/fastlane/metadata/copyright.txt) names the same
holders as the licence's copyright notice, so that a store listing never says another owner
than the code does.

  check-licence.py              check the repository
  check-licence.py --self-test  show that planted faults are refused
"""

import re
import sys
import tomllib

import product
from product import CheckFailed

# The first line of each licence text the workspace may name, by its SPDX identifier.
TITLES = {"MIT": "MIT License", "Apache-2.0": "Apache License", "MPL-2.0": "Mozilla Public License Version 2.0"}


def check(cargo_text=None, licence_text=None, copyright_text=None):
    if cargo_text is None:
        cargo_text = open(product.path("Cargo.toml"), encoding="utf-8").read()
    if licence_text is None:
        licence_text = open(product.path("core", "LICENSE"), encoding="utf-8").read()
    if copyright_text is None:
        copyright_text = open(product.path("ios", "fastlane", "metadata", "copyright.txt"), encoding="utf-8").read()
    problems = []
    spdx = tomllib.loads(cargo_text).get("workspace", {}).get("package", {}).get("license")
    if spdx not in TITLES:
        problems.append(f"Cargo.toml: [workspace.package] license is {spdx!r}, not one of {sorted(TITLES)}")
    elif licence_text.strip().splitlines()[:1] != [TITLES[spdx]]:
        problems.append(f"core/LICENSE is not the {spdx} licence's text (its first line is not {TITLES[spdx]!r})")
    notice = re.search(r"^Copyright \(c\) (.+)$", licence_text, re.MULTILINE)
    if not notice:
        problems.append("core/LICENSE has no line 'Copyright (c) YEAR HOLDERS'")
    elif copyright_text.strip() != notice.group(1).strip():
        problems.append(f"ios/fastlane/metadata/copyright.txt says {copyright_text.strip()!r}, "
                        f"core/LICENSE {notice.group(1).strip()!r}")
    if problems:
        raise CheckFailed(problems)
    return spdx


def self_test():
    cargo = open(product.path("Cargo.toml"), encoding="utf-8").read()
    licence = open(product.path("core", "LICENSE"), encoding="utf-8").read()
    copyright_line = open(product.path("ios", "fastlane", "metadata", "copyright.txt"), encoding="utf-8").read()
    check(cargo, licence, copyright_line)
    plants = {
        "another licence in Cargo.toml": (cargo.replace('license = "MIT"', 'license = "Apache-2.0"'), licence, copyright_line),
        "no licence in Cargo.toml": (cargo.replace('license = "MIT"\n', ""), licence, copyright_line),
        "an empty core/LICENSE": (cargo, "", copyright_line),
        "another owner in the store": (cargo, licence, "2026 Someone Else"),
    }
    for what, texts in plants.items():
        if texts == (cargo, licence, copyright_line):
            sys.exit(f"self-test: planting {what} changed nothing (the files moved on?)")
        try:
            check(*texts)
        except CheckFailed:
            continue
        sys.exit(f"self-test: {what} was not refused")
    print(f"check-licence self-test: {len(plants)} planted faults refused")


if __name__ == "__main__":
    try:
        if sys.argv[1:] == ["--self-test"]:
            self_test()
        else:
            print(f"licence: {check()} in Cargo.toml, its text in core/LICENSE, the same holders in the App Store's copyright")
    except CheckFailed as e:
        sys.exit("licence check failed:\n  " + "\n  ".join(e.problems))
