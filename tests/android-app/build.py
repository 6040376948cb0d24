#!/usr/bin/env python3
"""Builds and tests the real Android app without the Android SDK or Gradle.

    tests/android-app/build.py [REPO_ROOT] [--quick]

Each step does what the Android Gradle plugin does for android/app, with tools that this
project's machines can get (Debian's aapt2, zipalign and apksigner; R8/D8, the framework jars,
Robolectric and the libraries from Maven):

  1. fetch      the libraries of tests/android-app/classpath.lock and the tools (pom.xml);
  2. resources  every XML file under android/ parses; the libraries' and the app's resources are
                compiled and linked by AAPT2 with the merged manifest (manifest.py), giving the
                binary resources, the R classes and R8's keep rules for the manifest;
  3. compile    the app's Kotlin (app/src/main, the shared UI, the bindings) with the R classes;
                then the app's tests (app/src/test);
  4. test       the tests under Robolectric, with the configuration the plugin gives them
                (unitTests.isIncludeAndroidResources: binary resources, the merged manifest and
                com/android/tools/test_config.properties);
  5. apk        a signed debug APK: D8, zipalign, apksigner with a key made for the build,
                checked by apksigner verify and aapt2 dump badging;
  6. release    R8 with the app's keep rules and the libraries': the release dex, its size, and
                the launch test run again against the shrunk classes;
  7. sizes      the core's phone library, the dex and the APK against tests/size-budgets.txt.

The core's own library for Android (libtafl_core.so for the phone's ABIs) needs the NDK, which
these machines do not have: the APK carries JNA's dispatch library only, and step 5 says so.
"""
import functools
import glob
import os
import re
import shutil
import subprocess
import sys
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import manifest  # noqa: E402  (the merger beside this file)
import resolve  # noqa: E402

ARGS = [a for a in sys.argv[1:] if not a.startswith("--")]
ROOT = os.path.abspath(ARGS[0] if ARGS else os.path.join(HERE, "..", ".."))
# --quick stops after the tests (no APK, no release build): for working on the tests.
QUICK = "--quick" in sys.argv[1:]
ANDROID = os.path.join(ROOT, "android")
APP = os.path.join(ANDROID, "app")
TARGET = os.path.join(HERE, "target")
LIBS = os.path.join(TARGET, "libs")
TOOLS = os.path.join(TARGET, "tools")
AARS = os.path.join(TARGET, "aars")

NAMESPACE = "app.hnefi.android"  # android.namespace in app/build.gradle.kts: the R class
LOCALES = ["en", "fr", "de"]


print = functools.partial(print, flush=True)  # noqa: A001 (steps interleave with tools' output)


def step(title):
    print(f"\n== Android app: {title} ==", flush=True)


def run(cmd, **kw):
    done = subprocess.run(cmd, **kw)
    if done.returncode != 0:
        sys.exit(f"failed ({done.returncode}): {' '.join(map(str, cmd))[:600]}")
    return done


def output(cmd, **kw):
    return run(cmd, capture_output=True, text=True, **kw).stdout


def unchanged(name, inputs, output):
    """True when output exists and no file under inputs changed since the last build of name.

    A rebuild on an unchanged tree then costs nothing for that step; a clean checkout (CI)
    builds everything."""
    import hashlib

    digest = hashlib.sha256()
    for item in sorted(inputs):
        paths = [item] if os.path.isfile(item) else sorted(
            os.path.join(d, f) for d, _, fs in os.walk(item) for f in fs)
        for path in paths:
            st = os.stat(path)
            digest.update(f"{path}:{st.st_size}:{st.st_mtime_ns}\n".encode())
    stamp = os.path.join(TARGET, "stamps", name)
    value = digest.hexdigest()
    if os.path.exists(output) and os.path.exists(stamp) and open(stamp).read() == value:
        return True
    os.makedirs(os.path.dirname(stamp), exist_ok=True)
    if os.path.exists(stamp):
        os.remove(stamp)
    unchanged.pending[name] = (stamp, value)
    return False


unchanged.pending = {}


def built(name):
    """Records that the step name finished, for unchanged() to skip it next time."""
    stamp, value = unchanged.pending.pop(name)
    with open(stamp, "w") as f:
        f.write(value)


def jdk(minimum):
    """A JDK of at least this version: the one on the PATH, else one in /usr/lib/jvm."""
    candidates = [os.environ.get("JAVA_HOME", "")] + sorted(glob.glob("/usr/lib/jvm/*"), reverse=True)
    for home in candidates:
        java = os.path.join(home, "bin", "java")
        if home and os.path.exists(java):
            text = subprocess.run([java, "-version"], capture_output=True, text=True).stderr
            m = re.search(r'version "(\d+)', text)
            if m and int(m.group(1)) >= minimum:
                return home
    sys.exit(f"Robolectric for API 36 and R8 need a JDK {minimum} or newer (none in JAVA_HOME or /usr/lib/jvm)")


def build_settings():
    """minSdk, targetSdk, version code and name, application id, from app/build.gradle.kts."""
    text = open(os.path.join(APP, "build.gradle.kts"), encoding="utf-8").read()

    def value(pattern):
        m = re.search(pattern, text)
        if not m:
            sys.exit(f"app/build.gradle.kts: no match for {pattern}")
        return m.group(1)

    return {
        "application_id": value(r'applicationId = "([^"]+)"'),
        "min_sdk": value(r"val minSdkVersion = (\d+)"),
        "target_sdk": value(r"targetSdk = (\d+)"),
        "version_code": value(r"versionCode = (\d+)"),
        "version_name": value(r'versionName = "([^"]+)"'),
        "namespace": value(r'namespace = "([^"]+)"'),
        "locales": re.findall(r'"(\w\w)"', value(r"localeFilters \+= listOf\(([^)]*)\)")),
        # ndk.abiFilters: the ABIs the APK carries native code for.
        "abis": re.findall(r'"([\w-]+)"', value(r"val abis = listOf\(([^)]*)\)")),
    }


def check_core_inputs():
    """The cargoNdk task's inputs (coreInputs in app/build.gradle.kts) cover every file of the
    repository that cargo's dep-info names for the core's library: a change to any of them
    (a text, the puzzles, a source) rebuilds the phones' library in Gradle."""
    step("the cargoNdk task's inputs against the files the core is built from")
    text = open(os.path.join(APP, "build.gradle.kts"), encoding="utf-8").read()
    m = re.search(r"val coreInputs = listOf\(([^)]*)\)", text)
    if not m:
        sys.exit("app/build.gradle.kts: no `val coreInputs = listOf(...)`")
    declared = re.findall(r'"([^"]+)"', m.group(1))
    deps = [os.path.join(ROOT, "target", p, "libtafl_core.d") for p in ("mobile", "release")]
    dep_info = next((d for d in deps if os.path.exists(d)), None)
    if dep_info is None:
        sys.exit(f"no dep-info for the core's library ({' or '.join(deps)}): build it first")
    missed = sorted(uncovered(open(dep_info, encoding="utf-8").read(), declared))
    if missed:
        sys.exit(f"cargoNdk's inputs miss files the core is built from: {', '.join(missed)}")
    print(f"{len(declared)} inputs cover every file of {os.path.relpath(dep_info, ROOT)}")


def uncovered(dep_info, declared):
    """The repository's files named in a dep-info text that no declared path covers."""
    files = set()
    for line in dep_info.splitlines():
        _, _, names = line.partition(": ")
        for name in re.split(r"(?<!\\) ", names.strip()):
            name = name.replace("\\ ", " ")
            rel = os.path.relpath(name, ROOT) if os.path.isabs(name) else name
            if name and not rel.startswith("..") and not rel.startswith("target" + os.sep):
                files.add(rel)
    return {f for f in files if not any(f == d or f.startswith(d.rstrip("/") + "/") for d in declared)}


# ---------------------------------------------------------------------------------------------
# 1. fetch


class Lock:
    """tests/android-app/classpath.lock: the files of each configuration."""

    def __init__(self):
        self.entries = []  # (group, module, version, file, {configurations})
        for line in open(os.path.join(HERE, "classpath.lock"), encoding="utf-8"):
            if line.startswith("#") or not line.strip():
                continue
            coord, confs = line.split()
            g, a, v, f = coord.split(":")
            self.entries.append((g, a, v, f, set(confs.split(","))))

    def files(self, configuration):
        return [f for g, a, v, f, c in self.entries if configuration in c]

    def items(self):
        return [(g, a, v, f.rsplit(".", 1)[1]) for g, a, v, f, _ in self.entries]


def fetch(lock):
    step("fetching the libraries of classpath.lock and the tools (mvn)")
    resolve.fetch(lock.items())
    os.makedirs(LIBS, exist_ok=True)
    for g, a, v, ext in lock.items():
        src = resolve.repo_path(g, a, v, ext)
        dst = os.path.join(LIBS, os.path.basename(src))
        if not os.path.exists(dst):
            shutil.copyfile(src, dst)
    props = []
    for line in open(os.path.join(ANDROID, "gradle/libs.versions.toml"), encoding="utf-8"):
        m = re.match(r'^([A-Za-z0-9_-]+) *= *"([^"]+)"', line)
        if m:
            props.append(f"-Dcatalog.{m.group(1)}={m.group(2)}")
    run(["mvn", "-B", "-q", "-f", os.path.join(HERE, "pom.xml"), "initialize"] + props)


def tool(name):
    """A tool that pom.xml fetched: a classpath it wrote, or a jar it put in tools/."""
    classpath = os.path.join(TARGET, f"{name}.classpath")
    if os.path.exists(classpath):
        return open(classpath, encoding="utf-8").read().strip()
    return os.path.join(TOOLS, f"{name}.jar")


def unpack_aars(lock):
    """Each Android archive, unpacked once: classes.jar, res/, the manifest, R.txt, keep rules."""
    for f in lock.files("test") + lock.files("debug"):
        if not f.endswith(".aar"):
            continue
        out = os.path.join(AARS, f[: -len(".aar")])
        if os.path.exists(out):
            continue
        with zipfile.ZipFile(os.path.join(LIBS, f)) as z:
            z.extractall(out + ".tmp")
        os.replace(out + ".tmp", out)


def jars(files):
    """The jars a configuration puts on a classpath: plain jars, and the classes of each archive."""
    out = []
    for f in files:
        if f.endswith(".jar"):
            out.append(os.path.join(LIBS, f))
        elif f.endswith(".aar"):
            d = os.path.join(AARS, f[: -len(".aar")])
            if os.path.exists(os.path.join(d, "classes.jar")):
                out.append(os.path.join(d, "classes.jar"))
            out += sorted(glob.glob(os.path.join(d, "libs", "*.jar")))
    return out


def aar_dirs(files):
    return [os.path.join(AARS, f[: -len(".aar")]) for f in files if f.endswith(".aar")]


# ---------------------------------------------------------------------------------------------
# 2. resources


def check_xml():
    step("every XML file under android/ parses")
    import xml.dom.minidom

    bad = []
    paths = sorted(glob.glob(os.path.join(ANDROID, "**", "*.xml"), recursive=True))
    paths = [p for p in paths if "/build/" not in p and "/target/" not in p]
    for path in paths:
        try:
            xml.dom.minidom.parse(path)
        except Exception as e:  # noqa: BLE001 (any parser error is the finding)
            bad.append(f"{os.path.relpath(path, ROOT)}: {e}")
    if bad:
        sys.exit("XML files that do not parse (AAPT2 and Gradle refuse them):\n  " + "\n  ".join(bad))
    print(f"{len(paths)} XML files parse")


def aapt2_compile(res_dir, out_zip):
    if not os.path.exists(out_zip) or os.path.getmtime(out_zip) < newest(res_dir):
        run(["aapt2", "compile", "--dir", res_dir, "-o", out_zip])
    return out_zip


def newest(folder):
    times = [os.path.getmtime(os.path.join(d, f)) for d, _, fs in os.walk(folder) for f in fs]
    return max(times, default=0)


def link_resources(variant, files, settings):
    """AAPT2 link of the app's and the libraries' resources with the merged manifest.

    Returns the folder with resources.ap_, the merged manifest, the R sources and keep rules."""
    out = os.path.join(TARGET, variant)
    libraries = aar_dirs(files)
    inputs = [os.path.join(APP, "src/main"), os.path.join(APP, "build.gradle.kts"), os.path.join(HERE, "manifest.py")] + libraries
    if unchanged(f"resources-{variant}", inputs, os.path.join(out, "resources.ap_")):
        return out
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    merged = os.path.join(out, "AndroidManifest.xml")
    manifest.merge(
        os.path.join(APP, "src/main/AndroidManifest.xml"),
        [os.path.join(d, "AndroidManifest.xml") for d in libraries],
        merged,
        settings,
    )
    flats = []
    os.makedirs(os.path.join(TARGET, "flat"), exist_ok=True)
    for d in libraries:
        if os.path.isdir(os.path.join(d, "res")) and os.listdir(os.path.join(d, "res")):
            flats.append(aapt2_compile(os.path.join(d, "res"), os.path.join(TARGET, "flat", os.path.basename(d) + ".zip")))
    app_flat = aapt2_compile(os.path.join(APP, "src/main/res"), os.path.join(TARGET, "flat", "app.zip"))
    packages = sorted({manifest.package_of(os.path.join(d, "AndroidManifest.xml")) for d in libraries} - {settings["namespace"]})
    cmd = [
        "aapt2", "link",
        "-o", os.path.join(out, "resources.ap_"),
        "-I", tool("android-framework-resources"),
        "--manifest", merged,
        "--java", os.path.join(out, "r"),
        "--custom-package", settings["namespace"],
        "--extra-packages", ":".join(packages),
        "--proguard", os.path.join(out, "aapt-rules.pro"),
        "--min-sdk-version", settings["min_sdk"],
        "--target-sdk-version", settings["target_sdk"],
        "--version-code", settings["version_code"],
        "--version-name", settings["version_name"],
        # localeFilters in app/build.gradle.kts: only the app's languages, not the libraries' 80.
        "-c", ",".join(settings["locales"]),
        "--auto-add-overlay",
        "--no-version-vectors",
    ]
    # Libraries first, the app last: a later overlay wins, as the app's resources do in Gradle.
    for flat in flats + [app_flat]:
        cmd += ["-R", flat]
    run(cmd)
    compile_r(out)
    built(f"resources-{variant}")
    return out


def compile_r(out):
    """javac of the R classes (the app's namespace and every library's package)."""
    sources = glob.glob(os.path.join(out, "r", "**", "*.java"), recursive=True)
    classes = os.path.join(out, "r-classes")
    run(["javac", "-nowarn", "-encoding", "UTF-8", "--release", "17", "-d", classes] + sources)
    return classes


# ---------------------------------------------------------------------------------------------
# 3. compile


def kotlinc(sources, classpath, out, module, friends=()):
    if unchanged(f"kotlinc-{module}", sources + classpath, out):
        return
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out, exist_ok=True)
    run([
        "java", "-Xmx2g", "-XX:TieredStopAtLevel=1", "-cp", tool("compiler"),
        "org.jetbrains.kotlin.cli.jvm.K2JVMCompiler",
        "-no-stdlib", "-no-reflect", "-Werror",
        "-jvm-target", "17", "-Xjdk-release=17",
        "-module-name", module,
        f"-Xplugin={tool('compose-plugin')}",
    ] + [f"-Xfriend-paths={f}" for f in friends] + [
        "-classpath", ":".join(classpath),
        "-d", out,
    ] + sources)
    built(f"kotlinc-{module}")


def compile_app(lock, r_classes):
    step("compiling the app (app/src/main, the shared UI, the bindings) with its R classes")
    out = os.path.join(TARGET, "classes", "main")
    classpath = [tool("android-framework"), r_classes] + jars(lock.files("compile"))
    kotlinc(
        [os.path.join(APP, "src/main/kotlin"), os.path.join(ANDROID, "ui/src/main/kotlin"), os.path.join(ROOT, "bindings/kotlin")],
        classpath, out, "app",
    )
    print(f"android/app compiles: {len(glob.glob(os.path.join(APP, 'src/main/**/*.kt'), recursive=True))} app files, "
          f"{len(glob.glob(os.path.join(out, '**/*.class'), recursive=True))} classes")
    return out


def compile_tests(lock, main_classes, r_classes):
    step("compiling the app's tests (app/src/test)")
    out = os.path.join(TARGET, "classes", "test")
    classpath = [tool("android-framework"), main_classes, r_classes] + jars(lock.files("test"))
    # The tests see the app's internal declarations, as Gradle's test compilation does.
    # kotlinc reads the Java tests too, for the Kotlin ones that use them; javac compiles them.
    kotlinc([os.path.join(APP, "src/test/kotlin"), os.path.join(APP, "src/test/java")], classpath, out, "app_test", friends=[main_classes])
    # The Java tests (src/test/java, as Gradle compiles them too) beside the Kotlin ones: the
    # launch test that also runs against R8's output is Java, which needs no Kotlin library.
    java_tests = sorted(glob.glob(os.path.join(APP, "src/test/java/**/*.java"), recursive=True))
    if java_tests:
        # The JDK that runs the tests compiles them: the framework's classes are Java 21's,
        # which an older javac cannot read.
        javac = os.path.join(jdk(21), "bin", "javac")
        run([javac, "-nowarn", "--release", "17", "-cp", ":".join(classpath + [out]), "-d", out] + java_tests)
    runner = os.path.join(TARGET, "classes", "runner")
    run(["javac", "-nowarn", "--release", "17", "-cp", ":".join(jars(lock.files("test"))), "-d", runner,
         os.path.join(HERE, "RunTests.java")])
    return out, runner


# ---------------------------------------------------------------------------------------------
# 4. Robolectric


def test_config(resources, settings, name):
    """com/android/tools/test_config.properties, as the plugin writes it for unit tests."""
    folder = os.path.join(TARGET, name)
    path = os.path.join(folder, "com", "android", "tools", "test_config.properties")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    assets = os.path.join(TARGET, "assets")
    os.makedirs(assets, exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(f"android_resource_apk={os.path.join(resources, 'resources.ap_')}\n")
        f.write(f"android_merged_manifest={os.path.join(resources, 'AndroidManifest.xml')}\n")
        f.write(f"android_merged_assets={assets}\n")
        f.write(f"android_custom_package={settings['namespace']}\n")
    return folder


def robolectric(java_home, classpath, classes, args=()):
    """Runs test classes under Robolectric, offline, with the core's library for this machine."""
    # Robolectric looks for its instrumented framework jar in tools/ (pom.xml put it there)
    # instead of downloading it.
    deps = TOOLS
    cmd = [
        os.path.join(java_home, "bin", "java"), "-Xmx3g",
        f"-Djna.library.path={os.path.join(ROOT, 'target', 'release')}",
        "-Drobolectric.offline=true", f"-Drobolectric.dependency.dir={deps}",
        "-Drobolectric.logging.enabled=false",
        f"-Dhnefi.goldens={os.path.join(APP, 'src', 'test', 'golden')}",
        f"-Dhnefi.screenshots={os.path.join(TARGET, 'screenshots')}",
        # What Robolectric reaches inside the JDK (file descriptors, class loading), and its
        # native graphics and SQLite libraries.
        "--add-opens=java.base/java.lang=ALL-UNNAMED",
        "--add-opens=java.base/java.io=ALL-UNNAMED",
        "--add-opens=java.base/java.util=ALL-UNNAMED",
        "--add-exports=java.base/jdk.internal.access=ALL-UNNAMED",
        "--enable-native-access=ALL-UNNAMED",
        "-cp", ":".join(classpath),
    ] + list(args) + ["app.hnefi.android.tests.RunTests"] + classes
    run(cmd, cwd=TARGET)


def test_classes(test_out):
    names = []
    for path in glob.glob(os.path.join(test_out, "**", "*Test.class"), recursive=True):
        rel = os.path.relpath(path, test_out)[: -len(".class")]
        if "$" not in rel:
            names.append(rel.replace(os.sep, "."))
    return sorted(names)


# ---------------------------------------------------------------------------------------------
# 5. APK


def as_jar(folder):
    """A folder of classes as a jar beside it (D8 and R8 read archives, not folders)."""
    jar = folder.rstrip("/") + ".jar"
    with zipfile.ZipFile(jar, "w", compression=zipfile.ZIP_DEFLATED) as z:
        for d, _, fs in os.walk(folder):
            for f in sorted(fs):
                path = os.path.join(d, f)
                z.write(path, os.path.relpath(path, folder))
    return jar


def dex(java_home, inputs, out, release_rules=None, classfile=False):
    """D8 (a debug dex), or R8 with release_rules (a shrunk dex, or with classfile=True
    shrunk class files)."""
    os.makedirs(out, exist_ok=True)
    for old in glob.glob(os.path.join(out, "*")):
        if os.path.isfile(old):
            os.remove(old)
        else:
            shutil.rmtree(old)
    libs = ["--lib", tool("android-framework"), "--lib", java_home]
    min_api = ["--min-api", build_settings()["min_sdk"]]
    if release_rules is None:
        cmd = ["com.android.tools.r8.D8", "--debug"] + min_api + libs + ["--output", out]
    else:
        # Class files have no API level to aim at (that is for dex).
        cmd = ["com.android.tools.r8.R8", "--release"] + (["--classfile"] if classfile else min_api) + libs + ["--output", out]
        for rules in release_rules:
            cmd += ["--pg-conf", rules]
    inputs = [as_jar(i) if os.path.isdir(i) else i for i in inputs]
    # D8's and R8's notes (the libraries' debug information, their rules that match nothing
    # here) are not about this app: shown only when the run fails.
    done = subprocess.run([os.path.join(java_home, "bin", "java"), "-Xmx3g", "-cp", tool("r8")] + cmd + inputs,
                          capture_output=True, text=True)
    if done.returncode != 0:
        print(done.stdout[-5000:], done.stderr[-20000:])
        sys.exit(f"{cmd[0]} failed")
    return out


def package_apk(resources, dex_dir, files, apk, keystore, java_home, abis):
    """resources.ap_ + the dex files + JNA's native libraries, aligned and signed."""
    unsigned = apk + ".unsigned"
    shutil.copyfile(os.path.join(resources, "resources.ap_"), unsigned)
    with zipfile.ZipFile(unsigned, "a", compression=zipfile.ZIP_DEFLATED) as z:
        for d in sorted(glob.glob(os.path.join(dex_dir, "classes*.dex"))):
            z.write(d, os.path.basename(d))
        for lib in aar_dirs(files):
            for so in sorted(glob.glob(os.path.join(lib, "jni", "*", "*.so"))):
                abi = os.path.basename(os.path.dirname(so))
                if abi not in abis:
                    continue
                # Stored, so that the system maps them from the APK (zipalign -p aligns them).
                z.write(so, f"lib/{abi}/{os.path.basename(so)}", compress_type=zipfile.ZIP_STORED)
    aligned = apk + ".aligned"
    run(["zipalign", "-p", "-f", "4", unsigned, aligned])
    if not os.path.exists(keystore):
        run([os.path.join(java_home, "bin", "keytool"), "-genkeypair", "-keystore", keystore, "-storepass", "android",
             "-keypass", "android", "-alias", "hnefi-debug", "-keyalg", "RSA", "-keysize", "2048", "-validity", "3650",
             "-dname", "CN=Hnefi debug build, O=Hnefi, C=US"], capture_output=True)
    run(["apksigner", "sign", "--ks", keystore, "--ks-pass", "pass:android", "--key-pass", "pass:android",
         "--out", apk, aligned])
    os.remove(unsigned)
    os.remove(aligned)
    return apk


def check_apk(apk, settings):
    """apksigner verify and aapt2 dump badging: the APK is what the build file says."""
    verify = output(["apksigner", "verify", "--verbose", apk])
    if "Verified using v2 scheme (APK Signature Scheme v2): true" not in verify:
        sys.exit(f"apksigner does not verify {apk}:\n{verify}")
    badging = output(["aapt2", "dump", "badging", apk])
    m = re.search(r"package: name='([^']+)' versionCode='(\d+)' versionName='([^']+)'", badging)
    found = {
        "package": m and m.group(1),
        "versionCode": m and m.group(2),
        "minSdk": (re.search(r"sdkVersion:'(\d+)'", badging) or [None, None])[1],
        "targetSdk": (re.search(r"targetSdkVersion:'(\d+)'", badging) or [None, None])[1],
        "launchable": (re.search(r"launchable-activity: name='([^']+)'", badging) or [None, None])[1],
        # The resources without a language qualifier ("--_--") are the app's English ones.
        "locales": sorted({"en" if loc == "--_--" else loc for loc in re.findall(r"'([^']+)'", (re.search(r"^locales:(.*)$", badging, re.M) or [None, ""])[1])}),
    }
    expected = {
        "package": settings["application_id"],
        "versionCode": settings["version_code"],
        "minSdk": settings["min_sdk"],
        "targetSdk": settings["target_sdk"],
        "launchable": f"{settings['namespace']}.MainActivity",
        "locales": sorted(settings["locales"]),
    }
    wrong = {k: (found[k], v) for k, v in expected.items() if found[k] != v}
    if wrong:
        sys.exit(f"{os.path.basename(apk)} is not what app/build.gradle.kts says (found, expected): {wrong}")
    print(f"{os.path.basename(apk)}: signed (v2), package {found['package']}, minSdk {found['minSdk']}, "
          f"targetSdk {found['targetSdk']}, launches {found['launchable']}, locales {' '.join(found['locales'])}")
    with zipfile.ZipFile(apk) as z:
        natives = sorted(n for n in z.namelist() if n.startswith("lib/"))
    abis = sorted({n.split("/")[1] for n in natives})
    if abis != sorted(settings["abis"]):
        sys.exit(f"{os.path.basename(apk)} carries native code for {abis}, not for the ABIs of ndk.abiFilters {settings['abis']}")
    core = [n for n in natives if n.endswith("libtafl_core.so")]
    if not core:
        print("note: the APK has no libtafl_core.so: the core's Android library needs the NDK (cargo-ndk), "
              "which this machine cannot get; android/README.md gives the Gradle build that adds it. "
              f"Native libraries present: {', '.join(sorted({os.path.basename(n) for n in natives}))} "
              f"for {', '.join(sorted({n.split('/')[1] for n in natives}))}.")


# ---------------------------------------------------------------------------------------------
# 6. release and 7. sizes


def keep_rules(files, resources):
    """R8's rules: the app's, AAPT2's for the manifest and layouts, and each library's own."""
    rules = [os.path.join(HERE, "default-rules.pro"), os.path.join(APP, "proguard-rules.pro"), os.path.join(resources, "aapt-rules.pro")]
    for d in aar_dirs(files):
        if os.path.exists(os.path.join(d, "proguard.txt")):
            rules.append(os.path.join(d, "proguard.txt"))
    extracted = os.path.join(TARGET, "jar-rules")
    os.makedirs(extracted, exist_ok=True)
    for jar in jars(files):
        with zipfile.ZipFile(jar) as z:
            for n in z.namelist():
                # Rules for R8 first (META-INF/com.android.tools/r8...), else the ProGuard ones.
                if n.startswith("META-INF/proguard/") and n.endswith(".pro") or re.match(r"META-INF/com\.android\.tools/r8[^/]*/.*\.pro$", n):
                    dst = os.path.join(extracted, os.path.basename(jar) + "-" + n.replace("/", "_"))
                    with open(dst, "wb") as f:
                        f.write(z.read(n))
                    rules.append(dst)
    return rules


def budgets():
    out = {}
    for line in open(os.path.join(ROOT, "tests", "size-budgets.txt"), encoding="utf-8"):
        line = line.split("#")[0].strip()
        if line:
            name, limit = line.split()
            out[name] = int(limit)
    return out


def check_sizes(sizes):
    step("sizes against tests/size-budgets.txt")
    limits = budgets()
    over = []
    for name, size in sizes.items():
        limit = limits.get(name)
        flag = "" if limit is None or size <= limit else "  OVER BUDGET"
        print(f"{name:<24} {size:>12,} bytes   budget {limit:>12,}{flag}" if limit else f"{name:<24} {size:>12,} bytes")
        if flag:
            over.append(name)
    if over:
        sys.exit(f"over budget: {', '.join(over)} (tests/size-budgets.txt)")


def main():
    settings = build_settings()
    java_home = jdk(21)
    lock = Lock()
    check_xml()
    check_core_inputs()
    fetch(lock)
    unpack_aars(lock)

    step("resources: AAPT2 compile and link, debug and release, with merged manifests")
    debug_res = link_resources("debug", lock.files("debug"), dict(settings, debuggable=True))
    release_res = link_resources("release", lock.files("release"), dict(settings, debuggable=False))
    print(f"linked: {os.path.getsize(os.path.join(debug_res, 'resources.ap_')):,} bytes of binary resources (debug)")
    r_debug = os.path.join(debug_res, "r-classes")
    r_release = os.path.join(release_res, "r-classes")

    main_classes = compile_app(lock, r_debug)
    test_out, runner = compile_tests(lock, main_classes, r_debug)

    step("the app's tests under Robolectric (the real MainActivity, Application and resources)")
    config = test_config(debug_res, settings, "test-config-debug")
    # The framework jar stands where the SDK's android.jar stands in Gradle's unit tests: the
    # runner's own references need it; inside the test, Robolectric's instrumented jar serves.
    classpath = [config, test_out, runner, main_classes, r_debug] + jars(lock.files("test")) + [tool("android-framework")]
    # HNEFI_TESTS=Play,Launch runs only the test classes whose names contain one of those words.
    wanted = [w for w in os.environ.get("HNEFI_TESTS", "").split(",") if w]
    # ShrunkLaunchTest runs on its own against R8's output below: its runner (AndroidJUnit4)
    # would make a second copy of the bindings in this JVM (see HnefiTestRunner).
    # (Asked for by name, and alone, it runs here too: for working on it without R8.)
    classes = [c for c in test_classes(test_out)
               if (not wanted or any(w in c for w in wanted)) and (not c.endswith(".ShrunkLaunchTest") or wanted == ["Shrunk"])]
    robolectric(java_home, classpath, classes)
    if QUICK:
        return

    step("a signed debug APK (D8, zipalign, apksigner)")
    debug_dex = dex(java_home, [main_classes, r_debug] + jars(lock.files("debug")), os.path.join(TARGET, "dex-debug"))
    keystore = os.path.join(TARGET, "debug.keystore")
    debug_apk = package_apk(debug_res, debug_dex, lock.files("debug"), os.path.join(TARGET, "hnefi-debug.apk"), keystore, java_home, settings["abis"])
    check_apk(debug_apk, settings)

    step("release: R8 shrinking with the keep rules, and the launch test on the shrunk app")
    rules = keep_rules(lock.files("release"), release_res)
    inputs = [main_classes, r_release] + jars(lock.files("release"))
    # R8 runs twice: to dex for the APK and its size, and to class files for the launch test
    # below. D8 on R8's class files would save the second run but makes a dex 18% larger
    # (3,364,060 bytes against 2,856,592): not the dex the phones would get.
    release_dex = dex(java_home, inputs, os.path.join(TARGET, "dex-release"), rules)
    # R8 writes class files into the folder it is given; the folder goes on the classpath.
    shrunk = dex(java_home, inputs, os.path.join(TARGET, "classes-release"), rules, classfile=True)
    if not glob.glob(os.path.join(shrunk, "app", "hnefi", "android", "*.class")):
        sys.exit(f"R8 wrote no app classes into {shrunk}")
    release_apk = package_apk(release_res, release_dex, lock.files("release"), os.path.join(TARGET, "hnefi-release.apk"), keystore, java_home, settings["abis"])
    check_apk(release_apk, settings)
    config = test_config(release_res, settings, "test-config-release")
    # Robolectric and JUnit beside the shrunk app; not kotlinx-coroutines-test, which installs
    # itself as the Main dispatcher's factory (a service) and calls the unshrunk coroutines.
    launch_only = [c for c in jars(lock.files("test"))
                   if c not in set(jars(lock.files("release"))) and "kotlinx-coroutines-test" not in os.path.basename(c)]
    # HotSpot's verifier checks R8's class files by the JVM's typing rules, which R8 does not
    # keep when it merges classes for dex (ART verifies the dex on a phone): it is switched
    # off for this one run, so the test sees what the phone would run.
    no_jvm_verifier = ["-XX:+UnlockDiagnosticVMOptions", "-XX:-BytecodeVerificationRemote"]
    robolectric(java_home, [config, test_out, runner, shrunk] + launch_only + [tool("android-framework")],
                ["app.hnefi.android.ShrunkLaunchTest"], no_jvm_verifier)

    sizes = {
        "release-dex": sum(os.path.getsize(p) for p in glob.glob(os.path.join(release_dex, "*.dex"))),
        "release-apk": os.path.getsize(release_apk),
        "debug-apk": os.path.getsize(debug_apk),
    }
    core = os.path.join(ROOT, "target", "mobile", "libtafl_core.so")
    if os.path.exists(core):
        sizes["core-library-mobile"] = os.path.getsize(core)
    check_sizes(sizes)


if __name__ == "__main__":
    main()
