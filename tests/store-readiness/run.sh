#!/usr/bin/env bash
# What the stores need from the repository, checked on any machine (python3 and cargo only):
# one version across Cargo, the iOS project and the Android app; the licence named, carried
# and owned alike; the keys App Store Connect asks of the iOS Info.plist; the iOS privacy
# manifest against the code it ships; the store listings in every language the apps speak.
# Each check runs once on the repository and once on planted faults, which it must refuse.
set -euo pipefail
cd "$(dirname "$0")"
for check in check-version.py check-licence.py check-info-plist.py check-privacy-manifest.py check-store-metadata.py; do
    python3 "$check"
    python3 "$check" --self-test
done
