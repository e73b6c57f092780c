"""Checks each line of a bnb --events stream (JSON Lines) against
docs/events.schema.json, implementing the part of JSON Schema the schema
uses ($ref, oneOf, type, enum, const, required, properties,
additionalProperties, items, prefixItems, minItems, maxItems).
Usage: python3 events_check.py SCHEMA STREAM; exit 1 on the first bad line."""
import json
import sys

TYPES = {"object": dict, "array": list, "string": str, "null": type(None)}


def has_type(v, t):
    if t == "integer":
        return isinstance(v, int) and not isinstance(v, bool)
    if t == "number":
        return isinstance(v, (int, float)) and not isinstance(v, bool)
    return isinstance(v, TYPES[t])


def check(v, s, root, path):
    """Returns None when v matches schema s, else why not."""
    if "$ref" in s:
        s = root["$defs"][s["$ref"].split("/")[-1]]
    if "oneOf" in s:
        ok = [x for x in s["oneOf"] if check(v, x, root, path) is None]
        if len(ok) != 1:
            return "%s: matches %d of oneOf, not 1" % (path, len(ok))
    if "type" in s:
        ts = s["type"] if isinstance(s["type"], list) else [s["type"]]
        if not any(has_type(v, t) for t in ts):
            return "%s: %r is not %s" % (path, v, s["type"])
    if "const" in s and v != s["const"]:
        return "%s: %r is not %r" % (path, v, s["const"])
    if "enum" in s and v not in s["enum"]:
        return "%s: %r not in %r" % (path, v, s["enum"])
    if isinstance(v, dict):
        for k in s.get("required", []):
            if k not in v:
                return "%s: no %s" % (path, k)
        props = s.get("properties", {})
        for k, x in v.items():
            if k in props:
                why = check(x, props[k], root, path + "." + k)
                if why:
                    return why
            elif s.get("additionalProperties") is False:
                return "%s: unknown field %s" % (path, k)
    if isinstance(v, list):
        if len(v) < s.get("minItems", 0) or len(v) > s.get("maxItems", 1e18):
            return "%s: %d items" % (path, len(v))
        pre = s.get("prefixItems", [])
        for i, x in enumerate(v):
            sub = pre[i] if i < len(pre) else s.get("items")
            why = sub is not None and check(x, sub, root, "%s[%d]" % (path, i))
            if why:
                return why
    return None


def main():
    root = json.load(open(sys.argv[1]))
    lines = 0
    for lineno, line in enumerate(open(sys.argv[2]), 1):
        why = check(json.loads(line), root, root, "line %d" % lineno)
        if why:
            print(why)
            return 1
        lines += 1
    print("%d lines valid" % lines)
    return 0


sys.exit(main())
