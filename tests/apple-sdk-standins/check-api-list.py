#!/usr/bin/env python3
"""Compares the stand-ins' declarations with apple-api.txt, the list of Apple's interface.

    tests/apple-sdk-standins/check-api-list.py [--probe] [--names SOURCE_DIR...]
    tests/apple-sdk-standins/check-api-list.py --dump
    tests/apple-sdk-standins/check-api-list.py --sdk SDK_PATH TARGET WORK_DIR     (macOS, Xcode)

Reads every stand-in module (the folders of this directory) and names each declaration as
Apple's documentation and symbol graphs do: the path of types (an extension's members belong to
the type it extends), then the member with its argument labels, e.g.

    SwiftUI View.onChange(of:initial:_:) 17.0

with the iOS version of its `@available` (its own, or the innermost type's or extension's around
it). Fails, naming each line, when

- a stand-in declares a symbol that apple-api.txt does not list (a stand-in may not invent an
  API: if Apple has it, add it to the list from Apple's documentation, with its version);
- a stand-in's `@available` differs from the version the list gives it (a symbol with
  overloads of different versions, e.g. a result builder's `buildBlock`, has a line a version);
- the list names a symbol that no stand-in declares (the list is exactly the stand-ins'
  surface: remove what was removed);
- with --names: the app's sources use a type the list marks as the stand-ins' own (version
  `standin`: helpers that Apple's SDK does not have, such as `_PrimitiveView`).

--probe then shows that the check refuses an invented symbol and a wrong @available (on a copy
of the stand-ins). --dump prints the stand-ins' symbols in the list's format, to start an entry
(whose version must then come from Apple's documentation, not from the stand-in). --sdk looks
every symbol of the list up in the symbol graphs of a real iOS SDK (swift-symbolgraph-extract)
and compares the introduced versions: compile-ios-app.sh runs it on a Mac with Xcode.

Conformances (`extension Text: View {}`) and parameter types are not compared, only names,
labels and versions. Overloads with the same labels are one symbol.
"""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
LIST = os.path.join(HERE, "apple-api.txt")

MODIFIERS = {"public", "open", "nonisolated", "final", "static", "class", "mutating", "override",
             "required", "convenience", "indirect", "private", "fileprivate", "internal",
             "dynamic", "lazy", "weak", "unowned", "prefix", "postfix", "infix", "consuming",
             "borrowing", "__consuming"}
CONTAINERS = {"struct", "class", "enum", "protocol", "actor", "extension"}
MEMBERS = {"func", "init", "subscript", "var", "let", "case", "typealias", "associatedtype"}


def strip_comments(text):
    """The text without comments (the stand-ins have no comment markers inside strings)."""
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def logical_lines(text):
    """(line number, line) with lines joined while parentheses or brackets are open (a
    signature over several lines)."""
    out, buf, depth, start = [], "", 0, 0
    for n, line in enumerate(text.split("\n"), 1):
        if not buf:
            start = n
        buf = (buf + " " + line.strip()) if buf else line.strip()
        depth += line.count("(") - line.count(")") + line.count("[") - line.count("]")
        if depth <= 0:
            if buf:
                out.append((start, buf))
            buf, depth = "", 0
    if buf:
        out.append((start, buf))
    return out


def split_top(s, sep=","):
    """Splits at `sep` outside parentheses, brackets and angle brackets."""
    parts, depth, cur = [], 0, ""
    for i, c in enumerate(s):
        if c in "([<":
            depth += 1
        elif c in ")]" or (c == ">" and (i == 0 or s[i - 1] != "-")):
            depth -= 1
        if c == sep and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += c
    if cur.strip():
        parts.append(cur)
    return parts


def balanced(s, start):
    """The text inside the parentheses (or angle brackets) opening at `start`, and the index after."""
    open_c = s[start]
    close_c = ")" if open_c == "(" else ">"
    depth = 0
    for i in range(start, len(s)):
        c = s[i]
        if c == open_c:
            depth += 1
        elif c == close_c and not (close_c == ">" and s[i - 1] == "-"):
            depth -= 1
            if depth == 0:
                return s[start + 1:i], i + 1
    raise ValueError("unbalanced: " + s)


def labels(params, subscript=False):
    out = []
    for p in split_top(params):
        head = p.split(":", 1)[0].strip()
        head = re.sub(r"@\w+(\([^)]*\))?\s*", "", head).strip()
        words = head.split()
        if not words:
            continue
        if subscript:
            out.append(words[0] if len(words) > 1 else "_")
        else:
            out.append(words[0])
    return "(" + "".join(label + ":" for label in out) + ")"


AVAILABLE = re.compile(r"@available\(\s*(?:iOS\s+(\d+(?:\.\d+)?)|(\*)\s*,\s*unavailable)[^)]*\)")


def version(attrs):
    """The iOS version of the last @available in `attrs` (None when there is none)."""
    found = None
    for m in AVAILABLE.finditer(attrs):
        if m.group(2):
            found = "unavailable"
        else:
            v = m.group(1)
            found = v if "." in v else v + ".0"
    return found


def parse_declaration(line):
    """(attributes, keyword, rest) of a declaration line, or None."""
    attrs = ""
    rest = line
    while True:
        rest = rest.lstrip()
        m = re.match(r"@\w+", rest)
        if m:
            end = m.end()
            if end < len(rest) and rest[end] == "(":
                _, end = balanced(rest, end)
            attrs += rest[:end] + " "
            rest = rest[end:]
            continue
        m = re.match(r"(\w+)\b", rest)
        if m and m.group(1) in MODIFIERS and not (m.group(1) == "class" and re.match(r"class\s+[A-Z_]", rest)
                                                 and not re.match(r"class\s+(func|var)\b", rest)):
            rest = rest[m.end():]
            continue
        break
    m = re.match(r"(\w+)\b", rest)
    if not m:
        return attrs, None, rest
    return attrs, m.group(1), rest[m.end():].strip()


def symbols(module_dir):
    """[(symbol, version, file:line)] of one stand-in module."""
    out = []
    for name in sorted(os.listdir(module_dir)):
        if not name.endswith(".swift"):
            continue
        path = os.path.join(module_dir, name)
        text = strip_comments(open(path, encoding="utf-8").read())
        stack = []  # (path, version, depth at which it closes)
        depth = 0
        pending = ""
        for n, line in logical_lines(text):
            where = f"{os.path.relpath(path, HERE)}:{n}"
            attrs, keyword, rest = parse_declaration(line)
            if keyword is None:
                if attrs:
                    pending += attrs
            else:
                attrs = pending + attrs
                pending = ""
            own = version(attrs)
            outer = stack[-1][1] if stack else None
            inner_path = stack[-1][0] if stack else ""
            v = own or outer
            if keyword in CONTAINERS:
                m = re.match(r"([A-Za-z_][\w.]*)", rest)
                tname = m.group(1)
                full = tname if keyword == "extension" else (inner_path + "." + tname if inner_path else tname)
                if keyword != "extension":
                    out.append((full, v, where))
                if "{" in line:
                    stack.append((full, v, depth + 1))
            elif keyword in MEMBERS:
                prefix = inner_path + "." if inner_path else ""
                if keyword in ("func",):
                    m = re.match(r"([/=\-+!*%<>&|^~?.]+)\s*|`?(\w+)`?", rest)
                    fname = m.group(1) or m.group(2)
                    i = m.end()
                    if i < len(rest) and rest[i] == "<":
                        _, i = balanced(rest, i)
                    params, _ = balanced(rest, rest.index("(", i))
                    named = labels(params)
                    if m.group(1):
                        # An operator's arguments have no labels.
                        named = "(" + "_:" * named.count(":") + ")"
                    out.append((prefix + fname + named, v, where))
                elif keyword == "init":
                    i = 0
                    while i < len(rest) and rest[i] in "?!":
                        i += 1
                    if i < len(rest) and rest[i] == "<":
                        _, i = balanced(rest, i)
                    params, _ = balanced(rest, rest.index("(", i))
                    out.append((prefix + "init" + labels(params), v, where))
                elif keyword == "subscript":
                    i = 0
                    if rest.startswith("<"):
                        _, i = balanced(rest, 0)
                    params, _ = balanced(rest, rest.index("(", i))
                    out.append((prefix + "subscript" + labels(params, subscript=True), v, where))
                elif keyword == "case":
                    for case in split_top(rest.split("{")[0]):
                        cname = re.match(r"\s*`?(\w+)`?", case).group(1)
                        out.append((prefix + cname, v, where))
                else:
                    m = re.match(r"`?(\w+)`?", rest)
                    out.append((prefix + m.group(1), v, where))
            depth += line.count("{") - line.count("}")
            while stack and depth < stack[-1][2]:
                stack.pop()
    return out


def standin_modules(root=HERE):
    return sorted(d for d in os.listdir(root) if os.path.isdir(os.path.join(root, d))
                  and not d.startswith(".") and d != "__pycache__")


def declared(root=HERE):
    """{(module, symbol): {versions}} and where each is first declared."""
    found, where = {}, {}
    for module in standin_modules(root):
        for symbol, v, at in symbols(os.path.join(root, module)):
            found.setdefault((module, symbol), set()).add(v or "none")
            where.setdefault((module, symbol), at)
    return found, where


def read_list(path):
    entries = {}
    problems = []
    for n, raw in enumerate(open(path, encoding="utf-8"), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        parts = line.split()
        if len(parts) != 3:
            problems.append(f"apple-api.txt:{n}: not 'MODULE SYMBOL VERSION': {raw.rstrip()}")
            continue
        module, symbol, v = parts
        entries.setdefault((module, symbol), set()).add(v)
    return entries, problems


def check(root, list_path, names_dirs):
    """The disagreements between the stand-ins under `root` and the list, one a line."""
    found, where = declared(root)
    listed, problems = read_list(list_path)
    for key, vs in sorted(found.items()):
        module, symbol = key
        if key not in listed:
            problems.append(f"{where[key]}: {module} {symbol}: not in apple-api.txt (Apple's interface has no "
                            "such symbol, or it is missing from the list)")
            continue
        want = listed[key]
        if "standin" in want:
            continue
        if not vs <= want:
            problems.append(f"{where[key]}: {module} {symbol}: @available iOS {', '.join(sorted(vs))}; "
                            f"Apple's (apple-api.txt): iOS {', '.join(sorted(want))}")
    for key in sorted(set(listed) - set(found)):
        problems.append(f"apple-api.txt: {key[0]} {key[1]}: no stand-in declares it (remove it from the list)")
    own = sorted({symbol for (module, symbol), vs in listed.items() if "standin" in vs and "." not in symbol})
    for d in names_dirs:
        for base, _, files in os.walk(d):
            for f in sorted(files):
                if not f.endswith(".swift"):
                    continue
                text = strip_comments(open(os.path.join(base, f), encoding="utf-8").read())
                for name in own:
                    if re.search(r"\b" + re.escape(name) + r"\b", text):
                        problems.append(f"{os.path.join(base, f)}: uses {name}, which only the stand-ins declare "
                                        "(not Apple's SDK)")
    return problems, found


PROBE = """
@available(iOS 13.0, *)
extension View {
    nonisolated public func notApples() -> some View { fatalError() }
}

@available(iOS 16.0, *)
extension View {
    nonisolated public func disabled(_ level: Int) -> some View { fatalError() }
}
"""


def probe():
    """The check refuses a stand-in symbol Apple does not have and an @available that is not
    Apple's: a copy of the stand-ins with both added must fail, naming them."""
    import shutil
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        for module in standin_modules():
            shutil.copytree(os.path.join(HERE, module), os.path.join(tmp, module))
        with open(os.path.join(tmp, "SwiftUI", "Probe.swift"), "w", encoding="utf-8") as f:
            f.write(PROBE)
        problems, _ = check(tmp, LIST, [])
    invented = [p for p in problems if "View.notApples()" in p and "not in apple-api.txt" in p]
    versioned = [p for p in problems if "View.disabled(_:)" in p and "iOS 13.0, 16.0" in p]
    if len(problems) != 2 or not invented or not versioned:
        print("check-api-list.py: the probe was not refused as it should be:\n  " + "\n  ".join(problems),
              file=sys.stderr)
        return False
    print("a stand-in symbol that Apple does not have, and one with another @available, are refused")
    return True


# The stand-in modules, and the modules where Apple declares what they re-export or what their
# types inherit (NSObject's members, CGFloat).
SDK_MODULES = {"SwiftUI": ["SwiftUI", "SwiftUICore"], "UIKit": ["UIKit", "ObjectiveC"],
               "CoreGraphics": ["CoreGraphics", "CoreFoundation"], "Accessibility": ["Accessibility"],
               "AVFoundation": ["AVFoundation", "AVFAudio"]}


def sdk_check(sdk, target, work):
    """macOS with Xcode: extracts the real iOS SDK's symbol graphs (swift-symbolgraph-extract)
    into WORK_DIR, one folder a module, and compares the list with them (`compare_graphs`)."""
    import subprocess
    problems = []
    folders = {}
    for module, sources in SDK_MODULES.items():
        for source in sources:
            out = os.path.join(work, source)
            os.makedirs(out, exist_ok=True)
            r = subprocess.run(["xcrun", "swift-symbolgraph-extract", "-module-name", source, "-target", target,
                                "-sdk", sdk, "-output-dir", out, "-minimum-access-level", "public"],
                               capture_output=True, text=True)
            if r.returncode != 0:
                if source == module:
                    problems.append(f"swift-symbolgraph-extract {source}: {r.stderr.strip()[:400]}")
                continue
            folders.setdefault(module, []).append(out)
    return problems + compare_graphs(LIST, folders)


def compare_graphs(list_path, folders):
    """Each symbol of the list (not `standin`) looked up in symbol graphs ({module: [folders of
    .symbols.json]}), with its introduced iOS version.

    A member a type gets from elsewhere is found where it is declared: a class's superclasses
    (`inheritsFrom`: `UINotificationFeedbackGenerator.init()` is NSObject's) and the protocols
    it conforms to (`conformsTo`: a default implementation such as `SetAlgebra.insert(_:)`),
    followed through every graph read."""
    import json
    listed, problems = read_list(list_path)
    graph = {}      # module -> path -> {versions}
    ids = {}        # precise identifier -> path
    parents = {}    # precise identifier -> [(target identifier, fallback name)]
    for module, dirs in folders.items():
        seen = graph.setdefault(module, {})
        for out in dirs:
            for f in sorted(os.listdir(out)):
                if not f.endswith(".symbols.json"):
                    continue
                data = json.load(open(os.path.join(out, f), encoding="utf-8"))
                for sym in data.get("symbols", []):
                    name = ".".join(sym.get("pathComponents", []))
                    ids[sym.get("identifier", {}).get("precise")] = name
                    versions = seen.setdefault(name, set())
                    for a in sym.get("availability", []):
                        if a.get("domain") == "iOS" and "introduced" in a:
                            i = a["introduced"]
                            versions.add(f"{i.get('major', 0)}.{i.get('minor', 0)}")
                    if not any(a.get("domain") == "iOS" for a in sym.get("availability", [])):
                        versions.add("(none)")
                for rel in data.get("relationships", []):
                    if rel.get("kind") in ("inheritsFrom", "conformsTo"):
                        parents.setdefault(rel.get("source"), []).append(
                            (rel.get("target"), (rel.get("targetFallback") or "").split(".")[-1]))
    by_name = {}
    for precise, name in ids.items():
        by_name.setdefault(name, []).append(precise)

    def supertypes(type_path):
        """What a type inherits from or conforms to, by path, nearest first."""
        out, todo = [], [type_path]
        while todo:
            for precise in by_name.get(todo.pop(0), []):
                for target, fallback in parents.get(precise, []):
                    p = ids.get(target) or fallback
                    if p and p not in out:
                        out.append(p)
                        todo.append(p)
        return out

    def lookup(module, symbol):
        """The versions of a listed symbol, and the type that declares it when it is inherited."""
        found = graph.get(module, {}).get(symbol)
        head = symbol.split("(", 1)[0]
        if found is not None or "." not in head:
            return found, None
        owner = head.rsplit(".", 1)[0]
        member = symbol[len(owner) + 1:]
        for parent in supertypes(owner):
            for versions in graph.values():
                if f"{parent}.{member}" in versions:
                    return versions[f"{parent}.{member}"], parent
        return None, None

    for (module, symbol), want in sorted(listed.items()):
        if "standin" in want:
            continue
        have, via = lookup(module, symbol)
        if have is None:
            problems.append(f"apple-api.txt: {module} {symbol}: not in the iOS SDK's symbol graph, nor inherited")
        elif not want <= have and "(none)" not in have:
            where = f" (declared by {via})" if via else ""
            problems.append(f"apple-api.txt: {module} {symbol}: iOS {', '.join(sorted(want))} in the list, "
                            f"{', '.join(sorted(have))} in the SDK{where}")
    return problems


def sdk_probe():
    """The comparison with the SDK, run on a made-up symbol graph: an inherited initialiser is
    found in its superclass, a version that differs and a name that is missing are reported."""
    import json
    import tempfile

    def sym(precise, path, version=None):
        s = {"identifier": {"precise": precise}, "pathComponents": path, "availability": []}
        if version:
            major, minor = version.split(".")
            s["availability"].append({"domain": "iOS", "introduced": {"major": int(major), "minor": int(minor)}})
        return s

    with tempfile.TemporaryDirectory() as tmp:
        kit, objc = os.path.join(tmp, "UIKit"), os.path.join(tmp, "ObjectiveC")
        os.makedirs(kit)
        os.makedirs(objc)
        json.dump({"symbols": [sym("c:Gen", ["UINotificationFeedbackGenerator"], "10.0"),
                               sym("c:Gen.occ", ["UINotificationFeedbackGenerator", "notificationOccurred(_:)"], "11.0")],
                   "relationships": [{"kind": "inheritsFrom", "source": "c:Gen", "target": "c:NSObject",
                                      "targetFallback": "ObjectiveC.NSObject"}]},
                  open(os.path.join(kit, "UIKit.symbols.json"), "w"))
        json.dump({"symbols": [sym("c:NSObject", ["NSObject"]), sym("c:NSObject.init", ["NSObject", "init()"])],
                   "relationships": []}, open(os.path.join(objc, "ObjectiveC.symbols.json"), "w"))
        listed = os.path.join(tmp, "list.txt")
        with open(listed, "w") as f:
            f.write("UIKit UINotificationFeedbackGenerator 10.0\n"
                    "UIKit UINotificationFeedbackGenerator.init() 10.0\n"
                    "UIKit UINotificationFeedbackGenerator.notificationOccurred(_:) 10.0\n"
                    "UIKit UINotificationFeedbackGenerator.invented() 10.0\n")
        problems = compare_graphs(listed, {"UIKit": [kit, objc]})
    versioned = [p for p in problems if "notificationOccurred(_:): iOS 10.0 in the list, 11.0 in the SDK" in p]
    missing = [p for p in problems if "invented(): not in the iOS SDK's symbol graph" in p]
    if len(problems) != 2 or not versioned or not missing:
        print("check-api-list.py: the comparison with a made-up SDK went wrong:\n  " + "\n  ".join(problems),
              file=sys.stderr)
        return False
    print("against a made-up SDK graph: an inherited init() is found, a wrong version and a missing name are reported")
    return True


def main(argv):
    if "--dump" in argv:
        found, _ = declared()
        for (module, symbol), vs in sorted(found.items()):
            for v in sorted(vs):
                print(f"{module} {symbol} {v}")
        return 0
    if "--sdk" in argv:
        # --sdk SDK_PATH TARGET WORK_DIR
        i = argv.index("--sdk")
        problems = sdk_check(argv[i + 1], argv[i + 2], argv[i + 3])
        if problems:
            print("check-api-list.py: apple-api.txt and the real iOS SDK disagree:", file=sys.stderr)
            for p in problems:
                print("  " + p, file=sys.stderr)
            return 1
        print("apple-api.txt agrees with the iOS SDK's symbol graphs")
        return 0
    names_dirs = argv[argv.index("--names") + 1:] if "--names" in argv else []
    problems, found = check(HERE, LIST, names_dirs)
    if problems:
        print("check-api-list.py: the stand-ins and apple-api.txt disagree:", file=sys.stderr)
        for p in problems:
            print("  " + p, file=sys.stderr)
        return 1
    print(f"stand-in declarations match apple-api.txt: {len(found)} symbols in {len(standin_modules())} modules")
    if "--probe" in argv and not (probe() and sdk_probe()):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
