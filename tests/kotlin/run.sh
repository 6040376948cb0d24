#!/usr/bin/env bash
# The Kotlin cross-language tests: the generated bindings (bindings/kotlin) compiled with the
# tests in src/test/kotlin, run on the host JVM against the real library through JNA.
#
#   tests/kotlin/run.sh [REPO_ROOT]      (REPO_ROOT defaults to the repository holding this script)
#
# The caller builds the library first:  cargo build --release -p tafl-core --lib
# Needs JDK 17+ and Maven; Maven fetches its plugins and the test libraries from Maven Central
# into its usual cache (~/.m2). Prints Surefire's "Tests run:" lines, then the benchmark figures
# (FrameBenchmark's lines, which start with "frame").
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "${1:-$here/../..}" && pwd)"
libdir="$root/target/release"
lib="libtafl_core.so"
[[ "$(uname)" == Darwin ]] && lib="libtafl_core.dylib"
if [[ ! -f "$libdir/$lib" ]]; then
    echo "tests/kotlin: $libdir/$lib is missing; build it first:" >&2
    echo "    cargo build --release -p tafl-core --lib" >&2
    exit 1
fi
props=(-Dtafl.libdir="$libdir" -Duniffi.generated.dir="$root/bindings/kotlin")
cd "$here"

echo "== Kotlin tests (mvn test) =="
mvn -B test "${props[@]}"

# The benchmark reuses the classes just compiled. Its own Surefire lines go to a log only, so
# that the "Tests run:" lines above are the suite's.
echo "== Kotlin benchmark: frame round trip =="
log="$here/target/benchmark.log"
if ! mvn -B surefire:test "${props[@]}" -Dtafl.excludedGroups=none -Dgroups=benchmark >"$log" 2>&1; then
    cat "$log"
    echo "tests/kotlin: the benchmark failed (log: $log)" >&2
    exit 1
fi
grep -E '^frame ' "$log"
