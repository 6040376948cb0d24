#!/usr/bin/env bash
# Compiles every Kotlin file of the Android app (android/app/src) the way its Gradle build does:
# together with the shared UI sources (android/ui/src/main/kotlin) and the generated bindings
# (bindings/kotlin), with the Compose compiler plugin, against the real Android framework classes
# and the real AndroidX, Compose, coroutines and JNA libraries at the versions the app uses.
# A name, type or signature error in any of them fails this script.
#
#   tests/android-app/run.sh [REPO_ROOT]
#
# No Android SDK is needed: pom.xml fetches the framework (Robolectric's android-all) and the
# libraries from Maven Central into ~/.m2. Needs JDK 17+, Maven and python3.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "${1:-$here/../..}" && pwd)"
target="$here/target"

# The [versions] table of the version catalog, as -Dcatalog.<name>=<version> for pom.xml.
catalog_props() {
    awk -F'"' '
        /^\[/ { in_versions = ($0 == "[versions]"); next }
        in_versions && /^[A-Za-z0-9_-]+ *= *"/ { split($1, key, /[ =]/); printf "-Dcatalog.%s=%s\n", key[1], $2 }
    ' "$root/android/gradle/libs.versions.toml"
}
mapfile -t props < <(catalog_props)

# Laid out anew on every run, so that a version changed in the catalog leaves no old archive
# behind on the classpath (Maven's own cache, ~/.m2, makes this cheap).
rm -rf "$target/app-classpath" "$target/aar-classes" "$target/classes"

echo "== fetching the Android framework, the app's libraries and the compiler (mvn) =="
mvn -B -q -f "$here/pom.xml" initialize "${props[@]}"

# An Android archive (.aar) keeps its classes in classes.jar (and sometimes libs/*.jar): the
# compiler reads those.
python3 - "$target/app-classpath" "$target/aar-classes" <<'PY'
import os, sys, zipfile
src, dst = sys.argv[1:]
os.makedirs(dst, exist_ok=True)
for name in sorted(os.listdir(src)):
    if not name.endswith(".aar"):
        continue
    stem = name[:-len(".aar")]
    with zipfile.ZipFile(os.path.join(src, name)) as aar:
        for entry in aar.namelist():
            if entry == "classes.jar" or (entry.startswith("libs/") and entry.endswith(".jar")):
                suffix = "" if entry == "classes.jar" else "-" + os.path.basename(entry)[:-len(".jar")]
                out = os.path.join(dst, f"{stem}{suffix}.jar")
                with open(out, "wb") as f:
                    f.write(aar.read(entry))
PY

classpath="$(cat "$target/android-framework.classpath"):$(find "$target/app-classpath" "$target/aar-classes" -name '*.jar' | sort | paste -sd:)"

echo "== compiling android/app/src with the shared UI and the bindings (kotlinc, Compose plugin) =="
# android-all holds the android.* classes but not Android's java.* library (Robolectric runs on
# a JDK's): the java.* classes come from the JDK running the compiler, as -jdk-release 17 sees
# them. The JVM target is the app's compileOptions (17). Warnings fail the check too (a
# deprecated AndroidX call shows up here first). The JIT stops at C1: for one short compile
# that saves about 40 % of the CPU time.
java -Xmx2g -XX:TieredStopAtLevel=1 -cp "$(cat "$target/compiler.classpath")" org.jetbrains.kotlin.cli.jvm.K2JVMCompiler \
    -no-stdlib -no-reflect -Werror \
    -jvm-target 17 -Xjdk-release=17 \
    -module-name app \
    -Xplugin="$(cat "$target/compose-plugin.classpath")" \
    -classpath "$classpath" \
    -d "$target/classes" \
    "$root/android/app/src" \
    "$root/android/ui/src/main/kotlin" \
    "$root/bindings/kotlin"
echo "android/app compiles: $(find "$root/android/app/src" -name '*.kt' | wc -l) app files, $(find "$target/classes" -name '*.class' | wc -l) classes"
