#!/usr/bin/env python3
"""The iOS app's privacy manifest (ios/App/PrivacyInfo.xcprivacy) against the code it ships.

App Store Connect refuses an upload whose binary calls a "required reason" API of a category the
privacy manifest does not declare (ITMS-91053). Apple finds the calls by the symbols in the
binary; no Mac is at hand here, so this check finds them in the sources that make the binary:

- the app's Swift (ios/App, HnefiModel, HnefiUI, the generated TaflCore bindings);
- the Rust linked into the core's library for iOS: the crates `cargo tree` lists for
  tafl-core's normal dependencies on aarch64-apple-ios, proc macros left out (they run at
  build time), each crate's src/ scanned for direct libc calls and for the calls of Rust's
  standard library that reach a required-reason API on Apple's systems (RUST_STD below);
- SQLite's C, which rusqlite's `bundled` feature compiles in (the amalgamation in
  libsqlite3-sys), comments and strings left out.

It then checks that the manifest parses as a property list, tracks and collects nothing,
declares exactly the categories found (no fewer: the upload is refused; no more: a declaration
is a claim about the code), each with at least one of the reasons Apple allows for that
category, and that ios/project.yml puts it in the app target's resources.

  check-privacy-manifest.py              check the repository
  check-privacy-manifest.py --self-test  show that planted faults are refused
"""

import json
import os
import plistlib
import re
import subprocess
import sys

import product
from product import CheckFailed

MANIFEST = "ios/App/PrivacyInfo.xcprivacy"

# Apple's required-reason APIs by category, and the reasons Apple accepts for each
# (developer documentation, "Describing use of required reason API").
CATEGORIES = {
    "NSPrivacyAccessedAPICategoryFileTimestamp": {
        "c": ["stat", "fstat", "fstatat", "lstat", "getattrlist", "getattrlistbulk", "fgetattrlist", "getattrlistat"],
        "swift": ["creationDate", "modificationDate", "fileModificationDate", "contentModificationDateKey",
                  "creationDateKey"],
        "reasons": {"DDA9.1", "C617.1", "3B52.1", "0A2A.1"},
    },
    "NSPrivacyAccessedAPICategorySystemBootTime": {
        "c": ["mach_absolute_time"],
        "swift": ["systemUptime", "mach_absolute_time"],
        "reasons": {"35F9.1", "8FFB.1", "3D61.1"},
    },
    "NSPrivacyAccessedAPICategoryDiskSpace": {
        "c": ["statfs", "statvfs", "fstatfs", "fstatvfs", "getattrlist", "fgetattrlist", "getattrlistat"],
        "swift": ["volumeAvailableCapacityKey", "volumeAvailableCapacityForImportantUsageKey",
                  "volumeAvailableCapacityForOpportunisticUsageKey", "volumeTotalCapacityKey", "systemFreeSize",
                  "systemSize"],
        "reasons": {"85F4.1", "E174.1", "7D9E.1", "B728.1"},
    },
    "NSPrivacyAccessedAPICategoryActiveKeyboards": {
        "c": [],
        "swift": ["activeInputModes"],
        "reasons": {"3EC4.1", "54BD.1"},
    },
    "NSPrivacyAccessedAPICategoryUserDefaults": {
        "c": [],
        # @AppStorage keeps its value in UserDefaults.
        "swift": ["UserDefaults", "NSUserDefaults", "AppStorage"],
        "reasons": {"CA92.1", "1C8F.1", "C56D.1", "AC6B.1"},
    },
}

# Calls of Rust's standard library that reach a required-reason API on Apple's systems (its
# unix implementation: metadata and existence tests call stat, lstat or fstat; fs::copy calls
# fstat; Instant reads clock_gettime(CLOCK_UPTIME_RAW), the clock of mach_absolute_time, which
# Apple's list names).
RUST_STD = {
    "NSPrivacyAccessedAPICategoryFileTimestamp": [
        r"\bmetadata\s*\(", r"\bsymlink_metadata\s*\(", r"\.exists\s*\(\s*\)", r"\.try_exists\s*\(",
        r"\.is_file\s*\(\s*\)", r"\.is_dir\s*\(\s*\)", r"\.is_symlink\s*\(\s*\)", r"\bfs::copy\s*\(",
        r"\.modified\s*\(\s*\)", r"\.created\s*\(\s*\)", r"\.accessed\s*\(\s*\)",
    ],
    "NSPrivacyAccessedAPICategorySystemBootTime": [r"\bInstant::now\s*\("],
}


def strip_c(text):
    """C source without comments and string literals (SQLite's comments name stat() often)."""
    return re.sub(r'/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\\n])*"', lambda m: "\n" * m.group(0).count("\n"), text,
                  flags=re.S)


def strip_rust(text):
    return re.sub(r'/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\])*"', lambda m: "\n" * m.group(0).count("\n"), text,
                  flags=re.S)


def find(patterns, text, where):
    """(where:line, what) for each place where one of the patterns is found in text (one pass
    over the text: SQLite's amalgamation is 9 MB)."""
    if not patterns:
        return []
    hits = []
    line, counted = 1, 0
    for m in re.finditer("|".join(f"(?:{p})" for p in patterns), text):
        line += text.count("\n", counted, m.start())
        counted = m.start()
        hits.append((f"{where}:{line}", m.group(0).strip()))
    return hits


def c_calls(names):
    """A call of one of these C functions, or SQLite's table of system calls naming it."""
    if not names:
        return []
    any_name = "|".join(names)
    return [rf"\b(?:{any_name})\s*\(", rf"\((?:sqlite3_syscall_ptr|SYSCALL)\)\s*(?:{any_name})\b"]


def rust_crates():
    """(name, src dir, features) of every crate linked into tafl-core's library on iOS."""
    tree = subprocess.run(["cargo", "tree", "-p", "tafl-core", "-e", "normal,no-proc-macro",
                           "--target", "aarch64-apple-ios", "--prefix", "none", "-f", "{p}|{f}"],
                          cwd=product.ROOT, capture_output=True, text=True)
    if tree.returncode != 0:
        raise CheckFailed([f"cargo tree failed: {tree.stderr.strip()}"])
    wanted = {}
    for line in tree.stdout.splitlines():
        spec, _, features = line.partition("|")
        name, version = spec.split()[:2]
        wanted[(name, version.lstrip("v"))] = set(filter(None, features.split(",")))
    meta = subprocess.run(["cargo", "metadata", "--format-version", "1", "--filter-platform", "aarch64-apple-ios"],
                          cwd=product.ROOT, capture_output=True, text=True)
    if meta.returncode != 0:
        raise CheckFailed([f"cargo metadata failed: {meta.stderr.strip()}"])
    crates = []
    for package in json.loads(meta.stdout)["packages"]:
        key = (package["name"], package["version"])
        if key in wanted:
            lib = [t for t in package["targets"] if set(t["kind"]) & {"lib", "rlib", "staticlib", "cdylib"}]
            src = os.path.dirname(lib[0]["src_path"]) if lib else os.path.dirname(package["manifest_path"])
            crates.append((package["name"], os.path.dirname(package["manifest_path"]), src, wanted.pop(key)))
    if wanted:
        raise CheckFailed([f"cargo metadata does not know {sorted(wanted)}"])
    return crates


def files(root, ext):
    for dirpath, dirs, names in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d not in ("tests", "benches", "examples", "bin"))
        for name in sorted(names):
            if name.endswith(ext):
                yield os.path.join(dirpath, name)


def used_categories():
    """Each category the shipped code uses, with where (file:line) and what."""
    found = {category: [] for category in CATEGORIES}

    swift_dirs = ["ios/App", "ios/TaflKit/Sources/HnefiModel", "ios/TaflKit/Sources/HnefiUI",
                  "ios/TaflKit/Sources/TaflCore"]
    for d in swift_dirs:
        for f in files(product.path(d), ".swift"):
            text = strip_rust(open(f, encoding="utf-8").read())  # Swift comments and strings are C's
            rel = os.path.relpath(f, product.ROOT)
            for category, apis in CATEGORIES.items():
                found[category] += find([rf"\b{n}\b" for n in apis["swift"]] + c_calls(apis["c"]), text, rel)

    for name, manifest_dir, src, features in rust_crates():
        label = name
        for f in files(src, ".rs"):
            text = strip_rust(open(f, encoding="utf-8", errors="replace").read())
            rel = f"{label}/{os.path.relpath(f, manifest_dir)}"
            for category, apis in CATEGORIES.items():
                # Direct calls into libc from Rust.
                found[category] += find([rf"\blibc::{n}\s*\(" for n in apis["c"]], text, rel)
            for category, patterns in RUST_STD.items():
                found[category] += find(patterns, text, rel)
        if name == "libsqlite3-sys" and "bundled" in features:
            amalgamation = os.path.join(manifest_dir, "sqlite3", "sqlite3.c")
            text = strip_c(open(amalgamation, encoding="utf-8", errors="replace").read())
            for category, apis in CATEGORIES.items():
                found[category] += find(c_calls(apis["c"]), text, f"{label}/sqlite3/sqlite3.c")
    return {category: hits for category, hits in found.items() if hits}


def check_manifest(data, used):
    """The manifest's own rules, and its categories against those used."""
    problems = []
    try:
        plist = plistlib.loads(data)
    except Exception as e:  # plistlib raises several kinds for a broken file
        return [f"{MANIFEST} is not a property list: {e}"]
    if not isinstance(plist, dict):
        return [f"{MANIFEST}: the top level is not a dictionary"]
    if plist.get("NSPrivacyTracking") is not False:
        problems.append(f"{MANIFEST}: NSPrivacyTracking must be false (the app tracks nobody)")
    if plist.get("NSPrivacyTrackingDomains", []) != []:
        problems.append(f"{MANIFEST}: NSPrivacyTrackingDomains must be empty (the app connects to nothing)")
    if plist.get("NSPrivacyCollectedDataTypes") != []:
        problems.append(f"{MANIFEST}: NSPrivacyCollectedDataTypes must be an empty array (the app collects nothing)")
    declared = {}
    for entry in plist.get("NSPrivacyAccessedAPITypes", []):
        category = entry.get("NSPrivacyAccessedAPIType") if isinstance(entry, dict) else None
        reasons = entry.get("NSPrivacyAccessedAPITypeReasons", []) if isinstance(entry, dict) else []
        if category not in CATEGORIES:
            problems.append(f"{MANIFEST}: {category!r} is no required-reason category")
            continue
        if category in declared:
            problems.append(f"{MANIFEST}: {category} declared twice")
        declared[category] = reasons
        if not reasons:
            problems.append(f"{MANIFEST}: {category} gives no reason")
        for reason in reasons:
            if reason not in CATEGORIES[category]["reasons"]:
                problems.append(f"{MANIFEST}: {reason!r} is not a reason Apple allows for {category} "
                                f"({', '.join(sorted(CATEGORIES[category]['reasons']))})")
    for category, hits in sorted(used.items()):
        if category not in declared:
            shown = "; ".join(f"{w} {what}" for w, what in hits[:3])
            problems.append(f"{MANIFEST}: {category} is used but not declared ({len(hits)} places: {shown} ...)")
    for category in sorted(set(declared) - set(used)):
        problems.append(f"{MANIFEST}: {category} is declared but nothing shipped uses it")
    return problems


def check_resources(spec):
    """The manifest is a resource of the app target, added once."""
    app = (spec.get("targets") or {}).get("Hnefi") or {}
    sources = app.get("sources") or []
    explicit = [s for s in sources if isinstance(s, dict) and s.get("path") == MANIFEST[len("ios/"):]]
    problems = []
    if len(explicit) != 1 or explicit[0].get("buildPhase") != "resources":
        problems.append(f"ios/project.yml: the target Hnefi does not list {MANIFEST[len('ios/'):]} "
                        f"once with buildPhase: resources")
    for s in sources:
        folder = s.get("path") if isinstance(s, dict) else s
        if s in explicit or not isinstance(folder, str):
            continue
        inside = MANIFEST[len("ios/"):].startswith(folder.rstrip("/") + "/")
        excludes = (s.get("excludes") or []) if isinstance(s, dict) else []
        if inside and os.path.basename(MANIFEST) not in excludes and MANIFEST[len(f"ios/{folder}/"):] not in excludes:
            problems.append(f"ios/project.yml: the source folder {folder} adds the manifest a second time "
                            f"(exclude it there)")
    if not os.path.isfile(product.path(MANIFEST)):
        problems.append(f"{MANIFEST} is missing")
    return problems


def check(data=None, spec_text=None, used=None):
    used = used if used is not None else used_categories()
    data = data if data is not None else open(product.path(MANIFEST), "rb").read()
    problems = check_manifest(data, used) + check_resources(product.xcodegen_spec(spec_text))
    if problems:
        raise CheckFailed(problems)
    return used


def self_test():
    data = open(product.path(MANIFEST), "rb").read()
    spec = open(product.path("ios", "project.yml"), encoding="utf-8").read()
    used = check()
    plist = plistlib.loads(data)

    def without(category):
        p = dict(plist)
        p["NSPrivacyAccessedAPITypes"] = [e for e in p["NSPrivacyAccessedAPITypes"]
                                          if e["NSPrivacyAccessedAPIType"] != category]
        return plistlib.dumps(p)

    def with_reason(category, reason):
        p = dict(plist)
        p["NSPrivacyAccessedAPITypes"] = [dict(e, NSPrivacyAccessedAPITypeReasons=[reason])
                                          if e["NSPrivacyAccessedAPIType"] == category else e
                                          for e in p["NSPrivacyAccessedAPITypes"]]
        return plistlib.dumps(p)

    extra = dict(plist)
    extra["NSPrivacyAccessedAPITypes"] = plist["NSPrivacyAccessedAPITypes"] + [
        {"NSPrivacyAccessedAPIType": "NSPrivacyAccessedAPICategoryUserDefaults",
         "NSPrivacyAccessedAPITypeReasons": ["CA92.1"]}]
    plants = {f"the manifest without {c}": (without(c), spec) for c in used}
    plants.update({
        "a manifest that is no property list": (data.replace(b"</dict>\n</plist>", b"</plist>"), spec),
        "a reason of another category": (with_reason("NSPrivacyAccessedAPICategoryDiskSpace", "C617.1"), spec),
        "a category nothing uses": (plistlib.dumps(extra), spec),
        "tracking": (data.replace(b"<key>NSPrivacyTracking</key>\n\t<false/>", b"<key>NSPrivacyTracking</key>\n\t<true/>"), spec),
        "the manifest left out of the resources": (data, spec.replace("buildPhase: resources", "buildPhase: none")),
        "the manifest added twice": (data, spec.replace('          - "PrivacyInfo.xcprivacy"\n', "")),
    })
    for what, (d, s) in plants.items():
        if d == data and s == spec:
            sys.exit(f"self-test: planting {what} changed nothing (the files moved on?)")
        try:
            check(d, s, used)
        except CheckFailed:
            continue
        sys.exit(f"self-test: {what} was not refused")
    # A Swift call the scan must see: UserDefaults in the app's sources.
    probe = used_from_text("let d = UserDefaults.standard // a setting")
    if "NSPrivacyAccessedAPICategoryUserDefaults" not in probe:
        sys.exit("self-test: UserDefaults in Swift was not found")
    print(f"check-privacy-manifest self-test: {len(plants) + 1} planted faults refused")


def used_from_text(swift):
    text = strip_rust(swift)
    return {c for c, apis in CATEGORIES.items() if find([rf"\b{n}\b" for n in apis["swift"]], text, "probe")}


if __name__ == "__main__":
    try:
        if sys.argv[1:] == ["--self-test"]:
            self_test()
        else:
            used = check()
            for category, hits in sorted(used.items()):
                sample = ", ".join(sorted({f"{w.split('/')[0]} {what}" for w, what in hits})[:4])
                print(f"{category}: declared; used in {len(hits)} places ({sample} ...)")
            print(f"{MANIFEST}: a property list, nothing tracked or collected, every category used declared "
                  f"with an allowed reason, in the app target's resources")
    except CheckFailed as e:
        sys.exit("privacy manifest check failed:\n  " + "\n  ".join(e.problems))
