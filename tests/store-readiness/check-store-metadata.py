#!/usr/bin/env python3
"""The store listings, in the layout fastlane reads (`supply` for Google Play, `deliver` for the
App Store), in every language the apps speak, within the limits the stores set.

- android/fastlane/metadata/android/<locale>/: title.txt, short_description.txt,
  full_description.txt, changelogs/<versionCode>.txt; images/phoneScreenshots/*.png, each a
  link to one of the Android app's screen goldens (android/app/src/test/golden), so that the
  listing shows the app as its tests draw it (a golden that no longer matches the app fails
  its Robolectric test, so a listing's screenshot cannot go stale); a listing in another
  language than English has at least two in its own; images/icon.png and featureGraphic.png.
- ios/fastlane/metadata/<locale>/: name.txt, subtitle.txt, description.txt, keywords.txt,
  promotional_text.txt, release_notes.txt; the categories and copyright beside them;
  ios/fastlane/screenshots/<locale>/*.png at sizes App Store Connect takes for the 6.9-inch
  iPhone and the 13-inch iPad, each made from a scene in ios/fastlane/screenshot-scenes.

Every language of core/texts has a listing on both stores and no other; each text is within
its store's limit, is not empty, names the app, and is not the English text copied.

  check-store-metadata.py              check the repository
  check-store-metadata.py --self-test  show that planted faults are refused
"""

import os
import re
import shutil
import struct
import sys
import tempfile

import product
from product import CheckFailed

# The store's locale for each language of the apps.
LOCALES = {"en": "en-US", "fr": "fr-FR", "de": "de-DE"}

# Google Play Console's limits (characters).
PLAY_TEXTS = {"title.txt": 30, "short_description.txt": 80, "full_description.txt": 4000}
PLAY_CHANGELOG = 500
# App Store Connect's limits (characters; keywords in bytes, as Apple counts them).
APPSTORE_TEXTS = {"name.txt": 30, "subtitle.txt": 30, "description.txt": 4000, "keywords.txt": 100,
                  "promotional_text.txt": 170, "release_notes.txt": 4000}
APPSTORE_SHARED = {"copyright.txt", "primary_category.txt", "primary_first_sub_category.txt",
                   "primary_second_sub_category.txt"}
# Screenshot sizes App Store Connect takes (portrait), by the device class they stand for; one
# of each class is required for an app that runs on iPhone and iPad.
APPSTORE_SIZES = {"iPhone 6.9-inch": {(1320, 2868), (1290, 2796)}, "iPad 13-inch": {(2064, 2752), (2048, 2732)}}


def png_size(p):
    with open(p, "rb") as f:
        head = f.read(24)
    if head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        raise CheckFailed([f"{os.path.relpath(p, product.ROOT)} is not a PNG"])
    return struct.unpack(">II", head[16:24])


def text(p):
    with open(p, encoding="utf-8") as f:
        return f.read().strip()


def check_texts(root, limits, locale, problems, english=None):
    for name, limit in limits.items():
        p = os.path.join(root, locale, name)
        rel = os.path.relpath(p, product.ROOT)
        if not os.path.isfile(p):
            problems.append(f"{rel} is missing")
            continue
        t = text(p)
        size = len(t.encode("utf-8")) if name == "keywords.txt" else len(t)
        if not t:
            problems.append(f"{rel} is empty")
        elif size > limit:
            problems.append(f"{rel}: {size} {'bytes' if name == 'keywords.txt' else 'characters'}, the store takes {limit}")
        if english is not None and locale != "en-US" and t == english.get(name):
            problems.append(f"{rel} is the English text")
        if name in ("title.txt", "name.txt", "full_description.txt", "description.txt") and "Hnefi" not in t:
            problems.append(f"{rel} does not name Hnefi")


def check(android=None, ios=None):
    android = android or product.path("android", "fastlane", "metadata", "android")
    ios = ios or product.path("ios", "fastlane")
    problems = []
    langs = product.languages()
    unknown = [lang for lang in langs if lang not in LOCALES]
    if unknown:
        return [f"core/texts speaks {unknown}: give each a store locale in LOCALES"]
    wanted = sorted(LOCALES[lang] for lang in langs)
    build = product.build_number(product.cargo_version())

    # Google Play
    present = sorted(d for d in os.listdir(android) if os.path.isdir(os.path.join(android, d)))
    if present != wanted:
        problems.append(f"android/fastlane: listings for {present}, the apps speak {wanted}")
    english = {n: text(os.path.join(android, "en-US", n)) for n in PLAY_TEXTS
               if os.path.isfile(os.path.join(android, "en-US", n))}
    goldens = os.path.realpath(product.path("android", "app", "src", "test", "golden"))
    for locale in wanted:
        check_texts(android, PLAY_TEXTS, locale, problems, english)
        log = os.path.join(android, locale, "changelogs", f"{build}.txt")
        if not os.path.isfile(log):
            problems.append(f"{os.path.relpath(log, product.ROOT)} is missing (the notes of versionCode {build})")
        elif not 0 < len(text(log)) <= PLAY_CHANGELOG:
            problems.append(f"{os.path.relpath(log, product.ROOT)}: {len(text(log))} characters, Play takes 1 to {PLAY_CHANGELOG}")
        shots = os.path.join(android, locale, "images", "phoneScreenshots")
        names = sorted(os.listdir(shots)) if os.path.isdir(shots) else []
        if locale == "en-US" and len(names) < 2:
            problems.append("android/fastlane: the default listing (en-US) needs at least 2 phone screenshots")
        # Another language's listing shows the app in its language: without screenshots of its
        # own, Play shows the English ones.
        own = [n for n in names if re.search(rf"-{locale[:2]}-", os.path.basename(os.path.realpath(os.path.join(shots, n))))]
        if locale != "en-US" and len(own) < 2:
            problems.append(f"android/fastlane {locale}: {len(own)} phone screenshots in its language, it needs 2 at least")
        if len(names) > 8:
            problems.append(f"android/fastlane {locale}: {len(names)} phone screenshots, Play takes 8")
        for name in names:
            p = os.path.join(shots, name)
            rel = os.path.relpath(p, product.ROOT)
            if not os.path.exists(p):
                problems.append(f"{rel} points at a golden that is gone: link it to the golden's new name")
                continue
            if not os.path.islink(p) or os.path.dirname(os.path.realpath(p)) != goldens:
                problems.append(f"{rel} is not a link to a screen golden in android/app/src/test/golden")
            w, h = png_size(p)
            if min(w, h) < 320 or max(w, h) > 3840 or max(w, h) > 2 * min(w, h):
                problems.append(f"{rel}: {w}x{h}; Play takes sides of 320 to 3840 px, the long one at most twice the short")
            lang = re.search(r"-(en|fr|de)-", os.path.basename(os.path.realpath(p)))
            if lang and LOCALES[lang.group(1)] != locale:
                problems.append(f"{rel} shows the app in another language ({lang.group(1)})")
    for name, size in {"icon.png": (512, 512), "featureGraphic.png": (1024, 500)}.items():
        p = os.path.join(android, "en-US", "images", name)
        if not os.path.isfile(p):
            problems.append(f"{os.path.relpath(p, product.ROOT)} is missing")
        elif png_size(p) != size:
            problems.append(f"{os.path.relpath(p, product.ROOT)} is {png_size(p)}, Play wants {size}")

    # App Store
    metadata = os.path.join(ios, "metadata")
    present = sorted(d for d in os.listdir(metadata) if os.path.isdir(os.path.join(metadata, d)))
    if present != wanted:
        problems.append(f"ios/fastlane/metadata: listings for {present}, the apps speak {wanted}")
    english = {n: text(os.path.join(metadata, "en-US", n)) for n in APPSTORE_TEXTS
               if os.path.isfile(os.path.join(metadata, "en-US", n))}
    for locale in wanted:
        check_texts(metadata, APPSTORE_TEXTS, locale, problems, english)
        keywords = os.path.join(metadata, locale, "keywords.txt")
        if os.path.isfile(keywords) and re.search(r",\s|\s,", text(keywords)):
            problems.append(f"{os.path.relpath(keywords, product.ROOT)}: spaces around commas waste the 100 bytes")
    for name in sorted(APPSTORE_SHARED):
        if not os.path.isfile(os.path.join(metadata, name)) or not text(os.path.join(metadata, name)):
            problems.append(f"ios/fastlane/metadata/{name} is missing or empty")
    screenshots = os.path.join(ios, "screenshots")
    scenes = os.path.join(ios, "screenshot-scenes")
    scene_names = {n[: -len(".scene.json")] for n in os.listdir(scenes) if n.endswith(".scene.json")} if os.path.isdir(scenes) else set()
    present = sorted(d for d in os.listdir(screenshots) if os.path.isdir(os.path.join(screenshots, d))) if os.path.isdir(screenshots) else []
    if present != wanted:
        problems.append(f"ios/fastlane/screenshots: folders for {present}, the apps speak {wanted}")
    for locale in wanted:
        folder = os.path.join(screenshots, locale)
        names = sorted(n for n in os.listdir(folder) if n.endswith(".png")) if os.path.isdir(folder) else []
        counts = {device: 0 for device in APPSTORE_SIZES}
        for name in names:
            p = os.path.join(folder, name)
            rel = os.path.relpath(p, product.ROOT)
            size = png_size(p)
            device = [d for d, sizes in APPSTORE_SIZES.items() if size in sizes]
            if not device:
                problems.append(f"{rel}: {size[0]}x{size[1]} is no size App Store Connect takes here")
            else:
                counts[device[0]] += 1
            scene = re.sub(r"-(iphone|ipad)\.png$", "", name)
            if scene not in scene_names:
                problems.append(f"{rel} has no scene ios/fastlane/screenshot-scenes/{scene}.scene.json")
        for device, count in counts.items():
            if not 1 <= count <= 10:
                problems.append(f"ios/fastlane/screenshots/{locale}: {count} screenshots of the {device}, the store takes 1 to 10")
    return problems


def run_check(**kw):
    problems = check(**kw)
    if problems:
        raise CheckFailed(problems)


def self_test():
    run_check()
    plants = {}
    android = product.path("android", "fastlane", "metadata", "android")
    ios = product.path("ios", "fastlane")

    def planted(what, change):
        tmp = tempfile.mkdtemp()
        try:
            a = os.path.join(tmp, "android")
            i = os.path.join(tmp, "ios")
            shutil.copytree(android, a, symlinks=True)
            shutil.copytree(ios, i, symlinks=True)
            # The copied links point relative to the repository: make them absolute again.
            for dirpath, _, names in os.walk(a):
                for n in names:
                    p = os.path.join(dirpath, n)
                    if os.path.islink(p):
                        src = os.path.realpath(os.path.join(android, os.path.relpath(p, a)))
                        os.remove(p)
                        os.symlink(src, p)
            change(a, i)
            try:
                run_check(android=a, ios=i)
            except CheckFailed:
                plants[what] = True
                return
            sys.exit(f"self-test: {what} was not refused")
        finally:
            shutil.rmtree(tmp)

    def write(p, t):
        with open(p, "w", encoding="utf-8") as f:
            f.write(t)

    planted("a Play short description of 81 characters",
            lambda a, i: write(os.path.join(a, "fr-FR", "short_description.txt"), "x" * 81))
    planted("a full description over 4000 characters",
            lambda a, i: write(os.path.join(i, "metadata", "de-DE", "description.txt"), "Hnefi " + "x" * 4000))
    planted("a listing without German", lambda a, i: shutil.rmtree(os.path.join(a, "de-DE")))
    planted("French keywords copied from English", lambda a, i: shutil.copy(
        os.path.join(i, "metadata", "en-US", "keywords.txt"), os.path.join(i, "metadata", "fr-FR", "keywords.txt")))
    planted("an App Store screenshot of a size no device has", lambda a, i: shutil.copy(
        product.path("ios", "App", "Assets.xcassets", "AppIcon.appiconset", "AppIcon-1024.png"),
        os.path.join(i, "screenshots", "en-US", "1-copenhagen-iphone.png")))
    planted("a Play screenshot that is no golden", lambda a, i: shutil.copy(
        product.path("ios", "App", "Assets.xcassets", "AppIcon.appiconset", "AppIcon-1024.png"),
        os.path.join(a, "en-US", "images", "phoneScreenshots", "9-copy.png")))
    planted("a German golden in the English listing", lambda a, i: os.symlink(
        product.path("android", "app", "src", "test", "golden", "lesson-de-360x640.png"),
        os.path.join(a, "en-US", "images", "phoneScreenshots", "7-lesson-de-360x640.png")))
    planted("no changelog for this versionCode", lambda a, i: shutil.rmtree(os.path.join(a, "en-US", "changelogs")))
    planted("a French listing without French screenshots",
            lambda a, i: shutil.rmtree(os.path.join(a, "fr-FR", "images", "phoneScreenshots")))
    print(f"check-store-metadata self-test: {len(plants)} planted faults refused")


if __name__ == "__main__":
    try:
        if sys.argv[1:] == ["--self-test"]:
            self_test()
        else:
            run_check()
            print(f"store listings: {', '.join(sorted(LOCALES[l] for l in product.languages()))} on Google Play "
                  f"(fastlane supply) and the App Store (fastlane deliver), within the stores' limits")
    except CheckFailed as e:
        sys.exit("store metadata check failed:\n  " + "\n  ".join(e.problems))
