#!/usr/bin/env python3
"""Compares what the two apps show: target/app-texts-android.json (written by the Android
view model's tests) and target/app-texts-ios.json (written by the iOS model's tests). Both
hold, for each language, every label and the sentences of one fixed game scene. They must be
identical; any difference is printed and fails the run."""
import json
import sys
from pathlib import Path

root = Path(sys.argv[1] if len(sys.argv) > 1 else ".")
android_file = root / "target/app-texts-android.json"
ios_file = root / "target/app-texts-ios.json"
missing = [str(p) for p in (android_file, ios_file) if not p.exists()]
if missing:
    print(f"cannot compare the apps' texts: missing {', '.join(missing)}", file=sys.stderr)
    sys.exit(1)
android = json.loads(android_file.read_text(encoding="utf-8"))
ios = json.loads(ios_file.read_text(encoding="utf-8"))
problems = []
for lang in sorted(set(android) | set(ios)):
    a, i = android.get(lang, {}), ios.get(lang, {})
    for key in sorted(set(a) | set(i)):
        if a.get(key) != i.get(key):
            problems.append(f"{lang} {key}:\n  android: {a.get(key)!r}\n  ios:     {i.get(key)!r}")
if problems:
    print(f"the apps differ in {len(problems)} texts:")
    print("\n".join(problems[:40]))
    sys.exit(1)
count = sum(len(v) for v in android.values())
print(f"the Android and iOS apps show the same {count} texts in {len(android)} languages")
