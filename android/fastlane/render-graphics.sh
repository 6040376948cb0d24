#!/usr/bin/env bash
# Renders Google Play's two listing graphics from the app icon (ios/App/Icon/hnefi-icon.svg,
# the same artwork as Android's launcher icon): the 512 px icon and the 1024 x 500 feature
# graphic, into metadata/android/en-US/images (the other languages show the same; the graphics
# carry no words but the app's name). Needs rsvg-convert and DejaVu Sans; on Linux without them,
# run it in the Swift chroot: ~/.cache/tafl-toolchains/swift/swift-run.sh "$PWD" android/fastlane/render-graphics.sh
# The PNGs are checked in; run this after changing the icon.
set -euo pipefail
cd "$(dirname "$0")"
ICON="$(cd ../../ios/App/Icon && pwd)/hnefi-icon.svg"
OUT=metadata/android/en-US/images
mkdir -p "$OUT"
rsvg-convert -w 512 -h 512 -b '#12324a' "$ICON" -o "$OUT/icon.png"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp "$ICON" "$work/icon.svg"
cat > "$work/feature.svg" <<'SVG'
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="1024" height="500" viewBox="0 0 1024 500">
  <rect width="1024" height="500" fill="#12324a"/>
  <image x="70" y="50" width="400" height="400" xlink:href="icon.svg"/>
  <text x="560" y="290" font-family="DejaVu Sans" font-weight="bold" font-size="120" fill="#e8d9b5">Hnefi</text>
</svg>
SVG
rsvg-convert -w 1024 -h 500 "$work/feature.svg" -o "$OUT/featureGraphic.png"
echo "wrote $OUT/icon.png and $OUT/featureGraphic.png"
