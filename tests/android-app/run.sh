#!/usr/bin/env bash
# The Android app built and tested here without the Android SDK: resources by AAPT2, the app
# compiled with its R classes, its tests under Robolectric, a signed debug APK, the release
# build shrunk by R8, and the size budgets. build.py says how each step stands in for Gradle.
#
#   tests/android-app/run.sh [REPO_ROOT]
#
# Needs: JDK 17 for the compiler and a JDK 21+ for Robolectric and R8 (found in /usr/lib/jvm),
# Maven and python3; Debian's aapt, zipalign and apksigner, installed here when missing.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "${1:-$here/../..}" && pwd)"

missing=()
for tool in aapt2:aapt zipalign:zipalign apksigner:apksigner; do
    command -v "${tool%%:*}" >/dev/null 2>&1 || missing+=("${tool##*:}")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "== installing ${missing[*]} (Debian packages) =="
    sudo_cmd=()
    [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
    "${sudo_cmd[@]}" apt-get -o DPkg::Lock::Timeout=600 update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get -o DPkg::Lock::Timeout=600 install -y -qq "${missing[@]}" >/dev/null
fi

# The core as the phones get it (fat LTO, stripped), for the size budget; the host's x86_64
# build stands in for the phones' ABIs, which need the NDK. It compiles while the lock check
# below waits on the network.
mobile_log="$(mktemp)"
(cd "$root" && cargo build -q --profile mobile -p tafl-core --lib) >"$mobile_log" 2>&1 &
mobile=$!

# The libraries the build fetches are the ones android/app/build.gradle.kts and the catalog
# ask for (resolve.py writes the lock; here it only checks it).
echo "== classpath.lock against the Gradle build's declarations =="
python3 "$here/resolve.py" --check

echo "== the core's phone library (cargo build --profile mobile) =="
status=0
wait "$mobile" || status=$?
cat "$mobile_log"
rm -f "$mobile_log"
[ "$status" -eq 0 ] || { echo "cargo build --profile mobile failed ($status)" >&2; exit 1; }

exec python3 "$here/build.py" "$root"
