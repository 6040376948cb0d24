#!/usr/bin/env python3
"""One version for the whole product: the Cargo workspace's version is the core's, and the iOS
app (ios/project.yml) and the Android app (android/app/build.gradle.kts) carry it with the
same build number. Fails, naming each file and what it should say, when one differs.

  check-version.py              check the repository
  check-version.py --self-test  show that planted differences are refused
"""

import re
import sys

import product
from product import CheckFailed


def check(cargo=None, spec_text=None, gradle_text=None):
    version = product.cargo_version(cargo)
    build = product.build_number(version)
    problems = []

    spec = product.xcodegen_spec(spec_text)
    base = (spec.get("settings") or {}).get("base") or {}
    if str(base.get("MARKETING_VERSION")) != version:
        problems.append(f"ios/project.yml: settings.base.MARKETING_VERSION is {base.get('MARKETING_VERSION')!r}, "
                        f"the workspace's version is {version!r}")
    if str(base.get("CURRENT_PROJECT_VERSION")) != str(build):
        problems.append(f"ios/project.yml: settings.base.CURRENT_PROJECT_VERSION is "
                        f"{base.get('CURRENT_PROJECT_VERSION')!r}, the build number of {version} is {build}")
    app = (spec.get("targets") or {}).get("Hnefi") or {}
    info = ((app.get("info") or {}).get("properties")) or {}
    # Without these XcodeGen writes 1.0 (1) into Info.plist, whatever the build settings say.
    for key, want in [("CFBundleShortVersionString", "$(MARKETING_VERSION)"),
                      ("CFBundleVersion", "$(CURRENT_PROJECT_VERSION)")]:
        if info.get(key) != want:
            problems.append(f"ios/project.yml: the app's Info.plist {key} is {info.get(key)!r}, not {want!r}")
    for target, settings in (spec.get("targets") or {}).items():
        own = ((settings or {}).get("settings") or {}).get("base") or {}
        for key in ("MARKETING_VERSION", "CURRENT_PROJECT_VERSION"):
            if key in own:
                problems.append(f"ios/project.yml: the target {target} sets its own {key}")

    gradle = product.gradle_app(gradle_text)
    name = re.findall(r'\bversionName\s*=\s*"([^"]*)"', gradle)
    code = re.findall(r"\bversionCode\s*=\s*(\d+)", gradle)
    if name != [version]:
        problems.append(f"android/app/build.gradle.kts: versionName is {name}, the workspace's version is {version!r}")
    if code != [str(build)]:
        problems.append(f"android/app/build.gradle.kts: versionCode is {code}, the build number of {version} is {build}")
    if problems:
        raise CheckFailed(problems)
    return version, build


def self_test():
    """Each planted difference is refused, and the repository's own files pass."""
    spec = open(product.path("ios", "project.yml"), encoding="utf-8").read()
    gradle = product.gradle_app()
    version, build = check()
    plants = {
        "an iOS marketing version of another": (spec.replace(f'MARKETING_VERSION: "{version}"', 'MARKETING_VERSION: "9.9.9"'), gradle),
        "an iOS build number of another": (spec.replace(f'CURRENT_PROJECT_VERSION: "{build}"', 'CURRENT_PROJECT_VERSION: "1"'), gradle),
        "XcodeGen's default 1.0 in Info.plist": (spec.replace("CFBundleShortVersionString: $(MARKETING_VERSION)", 'CFBundleShortVersionString: "1.0"'), gradle),
        "an Android versionName of another": (spec, gradle.replace(f'versionName = "{version}"', 'versionName = "1.0"')),
        "an Android versionCode of another": (spec, gradle.replace(f"versionCode = {build}", "versionCode = 1")),
    }
    for what, (s, g) in plants.items():
        if s == spec and g == gradle:
            sys.exit(f"self-test: planting {what} changed nothing (the files moved on?)")
        try:
            check(spec_text=s, gradle_text=g)
        except CheckFailed:
            continue
        sys.exit(f"self-test: {what} was not refused")
    print(f"check-version self-test: {len(plants)} planted differences refused")


if __name__ == "__main__":
    try:
        if sys.argv[1:] == ["--self-test"]:
            self_test()
        else:
            v, b = check()
            print(f"one version: {v} (build {b}) in Cargo.toml, ios/project.yml and android/app/build.gradle.kts")
    except CheckFailed as e:
        sys.exit("version check failed:\n  " + "\n  ".join(e.problems))
