"""The app's merged manifest, as the Android Gradle plugin's manifest merger makes it.

The merge covers what this app and its libraries use: the application id as the package, the
SDK levels and version from the build file, class names made whole with the namespace,
`${applicationId}` placeholders, and the libraries' permissions, application attributes and
components (providers with their meta-data, activities, services, receivers), a component
declared twice being merged into one. `tools:` markers are honoured for `node="remove"` and
dropped from the output, as the plugin drops them.
"""
import xml.etree.ElementTree as ET

ANDROID = "http://schemas.android.com/apk/res/android"
TOOLS = "http://schemas.android.com/tools"
ET.register_namespace("android", ANDROID)
ET.register_namespace("tools", TOOLS)

COMPONENTS = ("activity", "activity-alias", "service", "receiver", "provider", "meta-data", "uses-library", "property")
TOP_LEVEL_BY_NAME = ("uses-permission", "uses-permission-sdk-23", "permission", "uses-feature")


def a(name):
    return f"{{{ANDROID}}}{name}"


def t(name):
    return f"{{{TOOLS}}}{name}"


def package_of(path):
    """The package a library's manifest declares: its R class lives there."""
    return ET.parse(path).getroot().get("package")


def qualify(name, package):
    if name and name.startswith("."):
        return package + name
    if name and "." not in name:
        return f"{package}.{name}"
    return name


def fill_placeholders(element, values):
    for el in element.iter():
        for key, value in list(el.attrib.items()):
            for placeholder, replacement in values.items():
                value = value.replace("${" + placeholder + "}", replacement)
            el.set(key, value)


def key_of(el):
    return (el.tag, el.get(a("name")))


def merge_element(into, other):
    """Adds other's attributes that into lacks, and its children that into lacks."""
    for k, v in other.attrib.items():
        if k not in into.attrib:
            into.set(k, v)
    existing = {key_of(c): c for c in into if c.get(a("name"))}
    for child in other:
        k = key_of(child)
        if child.get(a("name")) and k in existing:
            merge_element(existing[k], child)
        elif child.tag == "intent-filter" and any(ET.tostring(c) == ET.tostring(child) for c in into if c.tag == "intent-filter"):
            continue
        else:
            into.append(child)


def merge(app_manifest, library_manifests, out_path, settings):
    tree = ET.parse(app_manifest)
    root = tree.getroot()
    namespace = settings["namespace"]
    application = root.find("application")
    values = {"applicationId": settings["application_id"]}

    # The app's own names, whole.
    for el in application.iter():
        if el.tag in ("application", "activity", "activity-alias", "service", "receiver", "provider") and el.get(a("name")):
            el.set(a("name"), qualify(el.get(a("name")), namespace))
    removed = {key_of(el) for el in application.iter() if el.get(t("node")) == "remove"}
    for el in [e for e in application if e.get(t("node")) == "remove"]:
        application.remove(el)

    top_keys = {key_of(c) for c in root if c.tag in TOP_LEVEL_BY_NAME}
    components = {key_of(c): c for c in application if c.tag in COMPONENTS}
    for path in library_manifests:
        lib = ET.parse(path).getroot()
        package = lib.get("package")
        fill_placeholders(lib, values)
        for child in lib:
            if child.tag in TOP_LEVEL_BY_NAME:
                if key_of(child) not in top_keys:
                    top_keys.add(key_of(child))
                    root.insert(list(root).index(application), child)
            elif child.tag == "queries":
                root.insert(list(root).index(application), child)
            elif child.tag == "application":
                for k, v in child.attrib.items():
                    if k not in application.attrib and not k.startswith(f"{{{TOOLS}}}"):
                        application.set(k, qualify(v, package) if k == a("name") else v)
                for comp in child:
                    if comp.tag not in COMPONENTS:
                        continue
                    if comp.get(a("name")) and comp.tag != "meta-data" and comp.tag != "uses-library":
                        comp.set(a("name"), qualify(comp.get(a("name")), package))
                    k = key_of(comp)
                    if k in removed:
                        continue
                    if k in components:
                        merge_element(components[k], comp)
                    else:
                        components[k] = comp
                        application.append(comp)

    # What the build file sets.
    root.set("package", settings["application_id"])
    root.set(a("versionCode"), settings["version_code"])
    root.set(a("versionName"), settings["version_name"])
    for old in root.findall("uses-sdk"):
        root.remove(old)
    sdk = ET.Element("uses-sdk", {a("minSdkVersion"): settings["min_sdk"], a("targetSdkVersion"): settings["target_sdk"]})
    root.insert(0, sdk)
    if settings.get("debuggable"):
        application.set(a("debuggable"), "true")

    # tools: markers are instructions to the merger, not part of the result.
    for el in root.iter():
        for k in [k for k in el.attrib if k.startswith(f"{{{TOOLS}}}")]:
            del el.attrib[k]
    ET.indent(tree, "    ")
    tree.write(out_path, encoding="utf-8", xml_declaration=True)
