#!/usr/bin/env python3
"""The iOS app's Info.plist, as ios/project.yml has XcodeGen write it, holds what App Store
Connect asks of an iPhone and iPad app: `LSRequiresIPhoneOS` (an iOS app, not one for the Mac),
a launch screen (`UILaunchScreen`; without one the app runs letterboxed and iPad multitasking
is refused), the export-compliance answer (`ITSAppUsesNonExemptEncryption`: the app uses no
encryption of its own, so no question at every upload), a display name, and a localisation for
every language the apps speak (core/texts) and no other, so that the store and the system
offer the app in French and German. The version keys are check-version.py's.

It also holds the "Open in" the import needs: document types for PGN, plain text and JSON
(`CFBundleDocumentTypes`, as a viewer that does not claim the system's own text files first),
PGN declared as an imported type with its extension `pgn` (no system type names it, and
without the declaration Files never offers the app for a .pgn file), and
`LSSupportsOpeningDocumentsInPlace` (the app reads the file where it lies, inside its security
scope; without it iOS copies every file opened into Documents/Inbox, where copies pile up).

  check-info-plist.py              check the repository
  check-info-plist.py --self-test  show that planted faults are refused
"""

import sys

import product
from product import CheckFailed


def check(spec_text=None):
    spec = product.xcodegen_spec(spec_text)
    app = (spec.get("targets") or {}).get("Hnefi") or {}
    info = (app.get("info") or {}).get("properties") or {}
    problems = []

    def want(key, expected, why):
        if info.get(key) != expected:
            problems.append(f"ios/project.yml: the app's Info.plist {key} is {info.get(key)!r}, not {expected!r} ({why})")

    want("LSRequiresIPhoneOS", True, "App Store Connect takes the app as an iOS app")
    want("ITSAppUsesNonExemptEncryption", False, "the app has no encryption of its own to declare")
    if not isinstance(info.get("UILaunchScreen"), dict):
        problems.append("ios/project.yml: the app's Info.plist has no UILaunchScreen (an app without one is letterboxed)")
    if not info.get("CFBundleDisplayName"):
        problems.append("ios/project.yml: the app's Info.plist has no CFBundleDisplayName")
    languages = product.languages()
    if sorted(info.get("CFBundleLocalizations") or []) != languages:
        problems.append(f"ios/project.yml: the app's Info.plist CFBundleLocalizations is "
                        f"{info.get('CFBundleLocalizations')!r}, the apps speak {languages}")
    if info.get("CFBundleDevelopmentRegion") not in languages:
        problems.append(f"ios/project.yml: CFBundleDevelopmentRegion {info.get('CFBundleDevelopmentRegion')!r} "
                        f"is no language of the apps")
    problems += open_in_problems(info)
    if problems:
        raise CheckFailed(problems)


def open_in_problems(info):
    """What is missing for "Open in" to bring .pgn, .txt and .json files to the import."""
    problems = []
    where = "ios/project.yml: the app's Info.plist"
    documents = info.get("CFBundleDocumentTypes") or []
    opened = {t for d in documents if d.get("CFBundleTypeRole") == "Viewer"
              and d.get("LSHandlerRank") in ("Alternate", "Default") for t in d.get("LSItemContentTypes") or []}
    imported = {d.get("UTTypeIdentifier"): d for d in info.get("UTImportedTypeDeclarations") or []}
    pgn = [t for t, d in imported.items()
           if "pgn" in ((d.get("UTTypeTagSpecification") or {}).get("public.filename-extension") or [])
           and "public.plain-text" in (d.get("UTTypeConformsTo") or [])]
    if not pgn:
        problems.append(f"{where} declares no imported type for .pgn files that conforms to public.plain-text")
    for kind in (pgn[:1] or ["a PGN type"]) + ["public.plain-text", "public.json"]:
        if kind not in opened:
            problems.append(f"{where} CFBundleDocumentTypes opens no {kind} as a viewer (Open in would not offer the app)")
    if info.get("LSSupportsOpeningDocumentsInPlace") is not True:
        problems.append(f"{where} LSSupportsOpeningDocumentsInPlace is not true (files opened would be copied into Documents/Inbox)")
    return problems


def self_test():
    """Each planted fault is refused, and the repository's own file passes."""
    spec = open(product.path("ios", "project.yml"), encoding="utf-8").read()
    check(spec)
    plants = {
        "LSRequiresIPhoneOS left out": spec.replace("        LSRequiresIPhoneOS: true\n", ""),
        "LSRequiresIPhoneOS false": spec.replace("LSRequiresIPhoneOS: true", "LSRequiresIPhoneOS: false"),
        "no launch screen": spec.replace("        UILaunchScreen:\n          UIColorName: LaunchBackground\n", ""),
        "German not offered": spec.replace("CFBundleLocalizations: [en, fr, de]", "CFBundleLocalizations: [en, fr]"),
        "the encryption answer left out": spec.replace("        ITSAppUsesNonExemptEncryption: false\n", ""),
        "JSON files not opened": spec.replace("LSItemContentTypes: [app.hnefi.pgn, public.plain-text, public.json]",
                                              "LSItemContentTypes: [app.hnefi.pgn, public.plain-text]"),
        "the PGN type without its extension": spec.replace("public.filename-extension: [pgn]", "public.filename-extension: [txt]"),
        "files copied to the Inbox": spec.replace("LSSupportsOpeningDocumentsInPlace: true", "LSSupportsOpeningDocumentsInPlace: false"),
    }
    for what, text in plants.items():
        if text == spec:
            sys.exit(f"self-test: planting {what} changed nothing (ios/project.yml moved on?)")
        try:
            check(text)
        except CheckFailed:
            continue
        sys.exit(f"self-test: {what} was not refused")
    print(f"check-info-plist self-test: {len(plants)} planted faults refused")


if __name__ == "__main__":
    try:
        if sys.argv[1:] == ["--self-test"]:
            self_test()
        else:
            check()
            print("ios/project.yml: the app's Info.plist is an iOS app's with a launch screen, the export answer "
                  f"and a localisation for each of {', '.join(product.languages())}, and opens .pgn, .txt and .json files in place")
    except CheckFailed as e:
        sys.exit("Info.plist check failed:\n  " + "\n  ".join(e.problems))
