"""What the store checks read from the repository: the product's version and the build number
derived from it, the app projects' settings, and the languages the apps speak."""

import os
import re
import tomllib

import yaml_subset

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))


def path(*parts):
    return os.path.join(ROOT, *parts)


class CheckFailed(Exception):
    """A check's findings: every line says what is wrong and where."""

    def __init__(self, problems):
        super().__init__("\n".join(problems))
        self.problems = problems


def cargo_version(cargo_toml=None):
    """The workspace's version (Cargo.toml, [workspace.package]), the product's one version."""
    with open(cargo_toml or path("Cargo.toml"), "rb") as f:
        workspace = tomllib.load(f)
    version = workspace.get("workspace", {}).get("package", {}).get("version")
    if not isinstance(version, str):
        raise CheckFailed(["Cargo.toml: [workspace.package] has no version"])
    return version


def build_number(version):
    """The build number of a version, the same on both stores: major x 10000 + minor x 100 +
    patch. It grows with every release, as Google Play's versionCode and App Store Connect's
    CFBundleVersion must; minor and patch stay below 100 so that no two versions share one."""
    m = re.fullmatch(r"(\d+)\.(\d+)\.(\d+)", version)
    if not m:
        raise CheckFailed([f"the version {version!r} is not major.minor.patch"])
    major, minor, patch = map(int, m.groups())
    if minor > 99 or patch > 99:
        raise CheckFailed([f"the version {version!r}: minor and patch must stay below 100"])
    return major * 10000 + minor * 100 + patch


def xcodegen_spec(text=None):
    return yaml_subset.load(text if text is not None else open(path("ios", "project.yml"), encoding="utf-8").read())


def gradle_app(text=None):
    return text if text is not None else open(path("android", "app", "build.gradle.kts"), encoding="utf-8").read()


def languages():
    """The languages the apps speak: one file each in core/texts (docs/texts.md)."""
    return sorted(name[:-4] for name in os.listdir(path("core", "texts")) if name.endswith(".txt"))
