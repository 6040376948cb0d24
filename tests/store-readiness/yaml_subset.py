"""A reader for the small part of YAML that ios/project.yml uses, so that the checks need no
package beyond Python's own: block mappings and sequences by indentation, `# comments`, plain
and quoted scalars, and one-line flow collections of scalars (`[en, fr, de]`, `{}`).

Anything else (anchors, multi-line scalars, tags, flow mappings with content) is refused with
the line, rather than read wrongly: a check built on a misread spec would prove nothing.
"""

import re


class YamlError(ValueError):
    pass


def load(text):
    lines = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = _strip_comment(raw).rstrip()
        if line.strip() in ("", "---"):
            continue
        if "\t" in line[: len(line) - len(line.lstrip())]:
            raise YamlError(f"line {number}: a tab in the indentation")
        lines.append((number, len(line) - len(line.lstrip(" ")), line.strip()))
    if not lines:
        return None
    value, end = _block(lines, 0, lines[0][1])
    if end != len(lines):
        raise YamlError(f"line {lines[end][0]}: unexpected indentation")
    return value


def _strip_comment(line):
    """The line without a trailing comment (a `#` outside quotes, after a space or at the start)."""
    quote = None
    for i, c in enumerate(line):
        if quote:
            if c == quote:
                quote = None
        elif c in "\"'":
            quote = c
        elif c == "#" and (i == 0 or line[i - 1] in " \t"):
            return line[:i]
    return line


def _block(lines, i, indent):
    """The mapping or sequence whose entries start at column `indent`, from line i."""
    if lines[i][2].startswith("- ") or lines[i][2] == "-":
        return _sequence(lines, i, indent)
    return _mapping(lines, i, indent)


def _sequence(lines, i, indent):
    items = []
    while i < len(lines) and lines[i][1] == indent and (lines[i][2].startswith("- ") or lines[i][2] == "-"):
        number, _, text = lines[i]
        rest = text[1:].strip()
        if not rest:
            value, i = _block(lines, i + 1, lines[i + 1][1]) if i + 1 < len(lines) and lines[i + 1][1] > indent else (None, i + 1)
            items.append(value)
            continue
        # "- key: value" starts a mapping whose further keys are indented under the key.
        column = indent + (len(text) - len(rest))
        if _key(rest):
            sub = [(number, column, rest)]
            j = i + 1
            while j < len(lines) and lines[j][1] >= column:
                sub.append(lines[j])
                j += 1
            value, end = _mapping(sub, 0, column)
            if end != len(sub):
                raise YamlError(f"line {sub[end][0]}: unexpected indentation")
            items.append(value)
            i = j
        else:
            items.append(_scalar(rest, number))
            i += 1
    if i < len(lines) and lines[i][1] > indent:
        raise YamlError(f"line {lines[i][0]}: unexpected indentation")
    return items, i


def _key(text):
    m = re.match(r'^("[^"]*"|\'[^\']*\'|[^\s:"\'][^:]*?)\s*:(\s|$)', text)
    return m


def _mapping(lines, i, indent):
    result = {}
    while i < len(lines) and lines[i][1] == indent:
        number, _, text = lines[i]
        m = _key(text)
        if not m:
            raise YamlError(f"line {number}: expected `key: value`, found {text!r}")
        key = _scalar(m.group(1), number)
        rest = text[m.end():].strip()
        if key in result:
            raise YamlError(f"line {number}: the key {key!r} twice")
        if rest:
            result[key] = _scalar(rest, number)
            i += 1
        elif i + 1 < len(lines) and lines[i + 1][1] > indent:
            result[key], i = _block(lines, i + 1, lines[i + 1][1])
        elif i + 1 < len(lines) and lines[i + 1][1] == indent and lines[i + 1][2].startswith("- "):
            # A sequence may sit at its key's own indentation.
            result[key], i = _sequence(lines, i + 1, indent)
        else:
            result[key] = None
            i += 1
    if i < len(lines) and lines[i][1] > indent:
        raise YamlError(f"line {lines[i][0]}: unexpected indentation")
    return result, i


def _scalar(text, number):
    if text[0] in "&*!|>":
        raise YamlError(f"line {number}: {text!r} is beyond what this reader takes")
    if text[0] == '"':
        if not text.endswith('"') or len(text) < 2:
            raise YamlError(f"line {number}: an unclosed string")
        return bytes(text[1:-1], "utf-8").decode("unicode_escape")
    if text[0] == "'":
        if not text.endswith("'") or len(text) < 2:
            raise YamlError(f"line {number}: an unclosed string")
        return text[1:-1].replace("''", "'")
    if text == "{}":
        return {}
    if text[0] == "{":
        raise YamlError(f"line {number}: a flow mapping with content")
    if text[0] == "[":
        if not text.endswith("]"):
            raise YamlError(f"line {number}: an unclosed flow sequence")
        inner = text[1:-1].strip()
        return [_scalar(part.strip(), number) for part in inner.split(",")] if inner else []
    if text in ("true", "True", "TRUE"):
        return True
    if text in ("false", "False", "FALSE"):
        return False
    if text in ("null", "~"):
        return None
    if re.fullmatch(r"-?\d+", text):
        return int(text)
    if re.fullmatch(r"-?\d+\.\d+", text):
        return float(text)
    return text
