#!/usr/bin/env bash
# Renders hnefi-icon.svg to the opaque 1024 px app icon (needs rsvg-convert: librsvg2-bin on
# Debian, `brew install librsvg` on a Mac). The PNG is checked in; run this after editing the SVG.
set -euo pipefail
cd "$(dirname "$0")"
rsvg-convert -w 1024 -h 1024 -b '#12324a' hnefi-icon.svg -o ../Assets.xcassets/AppIcon.appiconset/AppIcon-1024.png
