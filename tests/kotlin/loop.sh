#!/usr/bin/env bash
# StoreTest run again and again in one JVM (StoreLoop): 30 rounds, or ROUNDS=N. Not part of
# tests/run.sh (about 2 minutes); run it after a change to how the core opens, writes or
# closes the database.
#
#   tests/kotlin/loop.sh [REPO_ROOT]      (after: cargo build --release -p tafl-core --lib)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "${1:-$here/../..}" && pwd)"
cd "$here"
mvn -B test -Dtafl.libdir="$root/target/release" -Duniffi.generated.dir="$root/bindings/kotlin" \
    -Dtafl.excludedGroups=none -Dgroups=loop -Dtest=StoreLoop -Dhnefi.rounds="${ROUNDS:-30}" \
    -Dsurefire.failIfNoSpecifiedTests=false
