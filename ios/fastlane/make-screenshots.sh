#!/usr/bin/env bash
# Writes the App Store's screenshots anew (ios/fastlane/screenshots/<locale>/): every scene of
# screenshot-scenes/ played through the real model in English, French and German and laid out
# at the 6.9-inch iPhone's and the 13-inch iPad's size (HnefiModelTests' StoreScreenshotTests),
# then, when pngquant is installed, reduced to 8-bit colour (about a third of the bytes).
# Run it when StoreScreenshotTests says a committed screenshot is no longer what its scene
# makes (a change of the core's words, colours or board). tests/store-readiness/
# check-store-metadata.py checks the files' languages, sizes and counts.
set -euo pipefail
cd "$(dirname "$0")/../.."
HNEFI_STORE_SCREENSHOTS=1 SWIFT_TEST_ARGS="--filter StoreScreenshotTests" ios/run-tests.sh
if command -v pngquant >/dev/null; then
    pngquant --quality 80-95 --speed 1 --force --ext .png ios/fastlane/screenshots/*/*.png
fi
du -sh ios/fastlane/screenshots
