#!/usr/bin/env python3
"""Writes classpath.lock: the Android app's libraries as Gradle would resolve them.

Maven cannot resolve AndroidX: those libraries describe their dependencies in Gradle module
metadata (.module files: variants for Android and the JVM, Kotlin Multiplatform redirects,
version constraints), and their POMs alone give wrong or missing answers. This script reads
that metadata the way Gradle does, closely enough for this app, and writes the result down, so
that the build here (run.sh) fetches exact files and a change of versions is a reviewed diff.

It is a maintenance tool, run by hand after a change of the dependencies in
android/app/build.gradle.kts or of versions in android/gradle/libs.versions.toml:

    tests/android-app/resolve.py            # rewrites tests/android-app/classpath.lock
    tests/android-app/resolve.py --check    # exits 1 when the lock is stale

What it reads: the `implementation`, `debugImplementation` and `testImplementation` lines of
android/app/build.gradle.kts (each names a catalog alias, `platform(...)` for a BOM,
`variantOf(...) { artifactType("aar") }` for an archive type) and the catalog. Metadata and
POMs come through Maven (`mvn dependency:copy`), so from the registry Maven is configured with.

Resolution, as Gradle does it: every module takes the highest version asked for by the modules
that are in the graph (their dependencies and their version constraints, a BOM's entries
counting as constraints); a Kotlin Multiplatform root module is replaced by the module its
Android (or JVM) variant points at; a module without Gradle metadata is read from its POM
(compile and runtime scopes, parents' properties and managed versions).

The lock has one line a file: `group:module:version:file  configurations`, where the
configurations are among compile (the app's compile classpath: API variants only), debug and
release (what each APK ships), and test (the unit tests' runtime classpath).
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import tomllib
import xml.etree.ElementTree as ET
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
LOCK = os.path.join(HERE, "classpath.lock")
M2 = os.path.expanduser(os.environ.get("MAVEN_REPO", "~/.m2/repository"))
POM_NS = "{http://maven.apache.org/POM/4.0.0}"

# ---------------------------------------------------------------------------------------------
# Versions, ordered as Gradle orders them.

SPECIAL = {"dev": -1, "rc": 1, "snapshot": 2, "final": 3, "ga": 4, "release": 5, "sp": 6}


def version_parts(v):
    return [p for p in re.split(r"[.\-_+]|(?<=\d)(?=\D)|(?<=\D)(?=\d)", v) if p]


def part_key(p):
    if p.isdigit():
        return (3, int(p), "")
    low = p.lower()
    if low in SPECIAL:
        return (2 if SPECIAL[low] > 0 else 0, SPECIAL[low], low)
    return (1, 0, low)


def version_key(v):
    """A key whose order is Gradle's: 1.0-alpha01 < 1.0-rc01 < 1.0 < 1.0.1."""
    parts = [part_key(p) for p in version_parts(v)]
    # A missing part sorts above a qualifier and below a number (1.0-beta < 1.0 < 1.0.1).
    return [k for k in parts] + [(2.5, 0, "")]


def highest(versions):
    return max(versions, key=version_key)


# ---------------------------------------------------------------------------------------------
# Metadata, fetched through Maven into its local repository.


def repo_path(g, a, v, ext, classifier=""):
    name = f"{a}-{v}{'-' + classifier if classifier else ''}.{ext}"
    return os.path.join(M2, *g.split("."), a, v, name)


def fetch(items):
    """Fetches (group, artifact, version, type) items that Maven does not have yet."""
    items = [i for i in items if not os.path.exists(repo_path(*i))]
    if not items:
        return
    xml_items = "".join(
        f"<artifactItem><groupId>{g}</groupId><artifactId>{a}</artifactId>"
        f"<version>{v}</version><type>{t}</type></artifactItem>"
        for g, a, v, t in items
    )
    pom = f"""<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion>
<groupId>app.hnefi</groupId><artifactId>resolve</artifactId><version>0</version><packaging>pom</packaging>
<build><plugins><plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-dependency-plugin</artifactId>
<version>3.8.1</version><executions><execution><id>fetch</id><phase>initialize</phase><goals><goal>copy</goal></goals>
<configuration><outputDirectory>${{project.build.directory}}/fetched</outputDirectory>
<artifactItems>{xml_items}</artifactItems></configuration></execution></executions></plugin></plugins></build></project>"""
    with tempfile.TemporaryDirectory() as tmp:
        with open(os.path.join(tmp, "pom.xml"), "w") as f:
            f.write(pom)
        done = subprocess.run(["mvn", "-B", "-q", "initialize"], cwd=tmp, capture_output=True, text=True)
        if done.returncode != 0:
            sys.exit(f"mvn could not fetch {items}:\n{done.stdout[-3000:]}")


class Missing(Exception):
    """Metadata not fetched yet: the resolution fetches all it lacks in one batch and goes again."""

    def __init__(self, item):
        super().__init__(item)
        self.item = item


def need(g, a, v, ext):
    path = repo_path(g, a, v, ext)
    if not os.path.exists(path):
        raise Missing((g, a, v, ext))
    return path


def read_pom(g, a, v):
    return ET.parse(need(g, a, v, "pom")).getroot()


def has_gradle_metadata(g, a, v):
    with open(repo_path(g, a, v, "pom"), encoding="utf-8") as f:
        return "published-with-gradle-metadata" in f.read()


_modules = {}


def read_module(g, a, v):
    """The .module JSON of g:a:v, or None when the library has only a POM."""
    key = (g, a, v)
    if key not in _modules:
        need(g, a, v, "pom")
        if has_gradle_metadata(g, a, v):
            with open(need(g, a, v, "module"), encoding="utf-8") as f:
                _modules[key] = json.load(f)
        else:
            _modules[key] = None
    return _modules[key]


# ---------------------------------------------------------------------------------------------
# POMs: properties, parents, managed versions.


def pom_text(el, tag):
    child = el.find(POM_NS + tag)
    return child.text.strip() if child is not None and child.text else None


class Pom:
    def __init__(self, g, a, v):
        root = read_pom(g, a, v)
        self.coords = (g, a, v)
        self.packaging = pom_text(root, "packaging") or "jar"
        parent = root.find(POM_NS + "parent")
        self.parent = None
        if parent is not None:
            self.parent = Pom(pom_text(parent, "groupId"), pom_text(parent, "artifactId"), pom_text(parent, "version"))
        self.props = dict(self.parent.props) if self.parent else {}
        props = root.find(POM_NS + "properties")
        if props is not None:
            for p in props:
                self.props[p.tag.replace(POM_NS, "")] = (p.text or "").strip()
        self.props.update({"project.groupId": g, "project.artifactId": a, "project.version": v,
                           "pom.version": v, "version": v, "project.parent.version": self.parent.coords[2] if self.parent else v})
        self.managed = dict(self.parent.managed) if self.parent else {}
        dm = root.find(POM_NS + "dependencyManagement")
        if dm is not None:
            for d in dm.iter(POM_NS + "dependency"):
                ver = self.expand(pom_text(d, "version"))
                if ver:
                    self.managed[(self.expand(pom_text(d, "groupId")), self.expand(pom_text(d, "artifactId")))] = ver
        self.deps = []
        deps = root.find(POM_NS + "dependencies")
        if deps is not None:
            for d in deps.findall(POM_NS + "dependency"):
                dg, da = self.expand(pom_text(d, "groupId")), self.expand(pom_text(d, "artifactId"))
                ver = self.expand(pom_text(d, "version")) or self.managed.get((dg, da))
                scope = pom_text(d, "scope") or "compile"
                optional = (pom_text(d, "optional") or "false") == "true"
                if scope in ("compile", "runtime") and not optional:
                    if not ver:
                        sys.exit(f"{g}:{a}:{v}: no version for {dg}:{da}")
                    self.deps.append((dg, da, strip_range(ver), scope, pom_text(d, "type") or "jar"))

    def expand(self, text):
        if text is None:
            return None
        for _ in range(10):
            new = re.sub(r"\$\{([^}]+)\}", lambda m: self.props.get(m.group(1), m.group(0)), text)
            if new == text:
                break
            text = new
        return text


def strip_range(v):
    """A Maven range like [1.0,2.0) asks for its lower bound at least; a plain version as is."""
    m = re.match(r"^[\[(]([^,\])]*)", v)
    return m.group(1) if m and m.group(1) else v.strip("[]()")


# ---------------------------------------------------------------------------------------------
# Variants of a Gradle module.


def variant_for(module, usage):
    """The library variant that an Android app's classpath of this usage (api or runtime) takes."""
    want = "java-api" if usage == "api" else "java-runtime"
    best, best_rank = None, None
    for var in module.get("variants", []):
        attrs = var.get("attributes", {})
        if attrs.get("org.gradle.category", "library") != "library":
            continue
        if attrs.get("org.jetbrains.kotlin.platform.type") not in (None, "androidJvm", "jvm"):
            continue
        var_usage = attrs.get("org.gradle.usage", "")
        if var_usage not in ("java-api", "java-runtime", "kotlin-api", "kotlin-runtime"):
            continue
        env = attrs.get("org.gradle.jvm.environment")
        android = env == "android" or attrs.get("org.jetbrains.kotlin.platform.type") == "androidJvm"
        rank = (var_usage.endswith(want.split("-")[1]), android, env in (None, "android", "standard-jvm"))
        if best_rank is None or rank > best_rank:
            best, best_rank = var, rank
    return best


def requested(dep_version):
    if not dep_version:
        return None
    for key in ("strictly", "requires", "prefers"):
        if key in dep_version:
            return strip_range(dep_version[key])
    return None


class Node:
    """What one module at one version brings: dependencies, constraints, files."""

    def __init__(self, g, a, v, usage):
        self.deps = []         # (group, module, version, extension or None)
        self.constraints = []  # (group, module, version)
        self.platforms = []    # (group, module, version): BOMs whose entries are constraints
        self.files = []        # file names
        module = read_module(g, a, v)
        if module is None:
            pom = Pom(g, a, v)
            for dg, da, dv, scope, dtype in pom.deps:
                if usage == "runtime" or scope == "compile":
                    self.deps.append((dg, da, dv, None if dtype == "jar" else dtype))
            ext = {"jar": "jar", "bundle": "jar", "aar": "aar"}.get(pom.packaging)
            if ext:
                self.files.append(f"{a}-{v}.{ext}")
            self.managed = pom.managed
            return
        self.managed = {}
        var = variant_for(module, usage)
        if var is None:
            return
        if "available-at" in var:
            at = var["available-at"]
            self.deps.append((at["group"], at["module"], at["version"], None))
            return
        for d in var.get("dependencies", []):
            ver = requested(d.get("version"))
            if d.get("attributes", {}).get("org.gradle.category") == "platform":
                if ver:
                    self.platforms.append((d["group"], d["module"], ver))
                continue
            # No version: a platform (BOM) of the graph gives it.
            ext = (d.get("thirdPartyCompatibility", {}).get("artifactSelector") or {}).get("extension")
            self.deps.append((d["group"], d["module"], ver, ext))
        for c in var.get("dependencyConstraints", []):
            ver = requested(c.get("version"))
            if ver:
                self.constraints.append((c["group"], c["module"], ver))
        self.files = [f["url"] for f in var.get("files", [])]


def with_fetching(work):
    """Runs work() until it no longer lacks metadata, fetching what it lacked each time."""
    while True:
        try:
            return work()
        except Missing as missing:
            fetch([missing.item])


def bom_entries(g, a, v):
    """A BOM's managed versions, as constraints."""
    module = read_module(g, a, v)
    if module is not None:
        out = []
        for var in module.get("variants", []):
            for c in var.get("dependencyConstraints", []):
                ver = requested(c.get("version"))
                if ver:
                    out.append((c["group"], c["module"], ver))
        return out
    return [(dg, da, dv) for (dg, da), dv in Pom(g, a, v).managed.items()]


def resolve(roots, platforms, usage):
    """Gradle's conflict resolution over the graph from roots: {(group, module): (version, files)}.

    roots: (group, module, version or None, extension or None); a root without a version takes
    it from a platform (BOM)."""
    constraints = defaultdict(set)
    for p in platforms:
        for g, a, v in with_fetching(lambda: bom_entries(*p)):
            constraints[(g, a)].add(v)
    versions = {}
    for _ in range(200):
        wants = defaultdict(set)
        extra_constraints = defaultdict(set)
        exts = defaultdict(set)
        nodes = {}
        queue = []
        missing = set()
        versions_pending = set()
        for g, a, v, ext in roots:
            if v is None and constraints[(g, a)]:
                v = highest(constraints[(g, a)])
            if v is None:
                sys.exit(f"no version for {g}:{a}")
            wants[(g, a)].add(v)
            exts[(g, a)].add(ext)
            queue.append((g, a))
        seen = set()
        while queue:
            key = queue.pop()
            if key in seen:
                continue
            seen.add(key)
            candidates = wants[key] | (constraints[key] | extra_constraints[key])
            if not candidates and key not in versions:
                # Asked for without a version, and no platform met so far gives one: the next
                # pass has seen more of the graph.
                versions_pending.add(key)
                continue
            version = versions.get(key) or highest(candidates)
            try:
                node = Node(key[0], key[1], version, usage)
                boms = [bom_entries(*p) for p in node.platforms]
            except Missing as m:
                missing.add(m.item)
                continue
            nodes[key] = (version, node)
            for entries in boms:
                for cg, ca, cv in entries:
                    extra_constraints[(cg, ca)].add(cv)
            for g, a, v in node.constraints:
                extra_constraints[(g, a)].add(v)
            for g, a, v, ext in node.deps:
                if v:
                    wants[(g, a)].add(v)
                exts[(g, a)].add(ext)
                queue.append((g, a))
        if missing:
            # Everything this pass lacked, in one Maven run; then the pass again.
            fetch(sorted(missing))
            continue
        new_versions = {
            key: highest(wants[key] | constraints[key] | extra_constraints[key])
            for key in seen
            if wants[key] | constraints[key] | extra_constraints[key]
        }
        unversioned = {k for k in versions_pending if k not in new_versions}
        if unversioned and new_versions == versions:
            sys.exit(f"no version for {sorted(unversioned)}: no platform of the graph names it")
        if new_versions == versions:
            result = {}
            for key, (version, node) in nodes.items():
                # An explicit archive type (variantOf ... artifactType("aar")) names a file of its
                # own; the variant's files come too when anything asks for the module plainly.
                files = list(node.files) if None in exts[key] or not exts[key] else []
                files += [f"{key[1]}-{version}.{ext}" for ext in sorted(e for e in exts[key] if e)]
                result[key] = (version, files)
            return result
        versions = new_versions
    sys.exit("the resolution does not settle")


# ---------------------------------------------------------------------------------------------
# The app's declarations.


def load_catalog():
    with open(os.path.join(ROOT, "android/gradle/libs.versions.toml"), "rb") as f:
        return tomllib.load(f)


def read_catalog_versions():
    return load_catalog()["versions"]


def read_catalog():
    catalog = load_catalog()
    libs = {}
    for alias, spec in catalog["libraries"].items():
        group, name = spec["module"].split(":")
        ref = spec.get("version", {}).get("ref") if isinstance(spec.get("version"), dict) else None
        version = catalog["versions"][ref] if ref else spec.get("version")
        libs[alias.replace("-", ".").replace("_", ".")] = (group, name, version)
    return libs


DECLARATION = re.compile(
    r"^\s*(implementation|debugImplementation|testImplementation)\("
    r"(?:(platform)\()?(?:variantOf\()?libs\.([A-Za-z0-9.]+)\)?(?:\s*\{\s*artifactType\(\"(\w+)\"\)\s*\})?\)?\s*$"
)


def read_declarations():
    libs = read_catalog()
    out = defaultdict(list)
    with open(os.path.join(ROOT, "android/app/build.gradle.kts"), encoding="utf-8") as f:
        for line in f:
            m = DECLARATION.match(line.split("//")[0].rstrip())
            if not m:
                continue
            conf, platform, alias, ext = m.groups()
            if alias not in libs:
                sys.exit(f"build.gradle.kts names libs.{alias}, which the catalog does not have")
            g, a, v = libs[alias]
            out[conf].append(("platform" if platform else "lib", g, a, v, ext))
    return out


def lock_lines():
    decl = read_declarations()
    configurations = {
        "compile": (["implementation"], "api"),
        "release": (["implementation"], "runtime"),
        "debug": (["implementation", "debugImplementation"], "runtime"),
        "test": (["implementation", "debugImplementation", "testImplementation"], "runtime"),
    }
    membership = defaultdict(list)
    # The Kotlin Gradle plugin adds its own standard library to every Kotlin module.
    stdlib = ("lib", "org.jetbrains.kotlin", "kotlin-stdlib", read_catalog_versions()["kotlin"], None)
    for name, (confs, usage) in configurations.items():
        entries = [stdlib] + [e for c in confs for e in decl[c]]
        platforms = [(g, a, v) for kind, g, a, v, _ in entries if kind == "platform"]
        roots = [(g, a, v, ext) for kind, g, a, v, ext in entries if kind == "lib"]
        for (g, a), (v, files) in resolve(roots, platforms, usage).items():
            for f in files:
                # A variant may point at a file of a sibling version (Guava's Android flavour:
                # "../33.6.0-android/guava-33.6.0-android.jar").
                parts = f.split("/")
                file_version = parts[-2] if len(parts) >= 3 and parts[-3] == ".." else v
                membership[f"{g}:{a}:{file_version}:{parts[-1]}"].append(name)
    order = list(configurations)
    return [f"{coord}  {','.join(sorted(set(c), key=order.index))}" for coord, c in sorted(membership.items())]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true", help="exit 1 when classpath.lock is stale")
    args = parser.parse_args()
    header = ["# Written by tests/android-app/resolve.py from android/app/build.gradle.kts and the catalog;",
              "# do not edit. One file a line: group:module:version:file, then its configurations."]
    text = "\n".join(header + lock_lines()) + "\n"
    if args.check:
        current = open(LOCK, encoding="utf-8").read() if os.path.exists(LOCK) else ""
        if current != text:
            sys.exit("tests/android-app/classpath.lock is stale: run tests/android-app/resolve.py")
        print("classpath.lock matches the build's declarations")
        return
    with open(LOCK, "w", encoding="utf-8") as f:
        f.write(text)
    print(f"wrote {LOCK}: {len(text.splitlines()) - len(header)} files")


if __name__ == "__main__":
    main()
