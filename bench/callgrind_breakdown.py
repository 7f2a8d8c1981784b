#!/usr/bin/env python3
"""Per-tool instruction counts of one workload, from two callgrind runs.

    callgrind_breakdown.py SHORT.out LONG.out EXTRA_CALLS [TOP]

SHORT.out and LONG.out are callgrind profiles of `bench/run.php --profile=W`
with two pass counts; EXTRA_CALLS is how many more calls LONG made (tools x
extra passes). Subtracting the two cancels start-up (compiling, building the
catalogue, the parity-free set-up), leaving the cost of the calls alone.
Prints the exclusive Ir per call of the top functions and a split into
categories: Zend engine (hash tables, zvals, emalloc/efree: the marshalling
any native extension pays), the Rust heap (malloc/realloc/free of temporary
Vec/String), string formatting, string-keyed symbol lookup, UTF-8 validation,
regex translation, and the rules themselves.
"""

import re
import subprocess
import sys
from collections import defaultdict


def load(path):
    out = subprocess.run(
        ["callgrind_annotate", "--inclusive=no", "--threshold=100", path],
        capture_output=True, text=True, check=True,
    ).stdout
    costs = defaultdict(int)
    for line in out.splitlines():
        m = re.match(r"\s*([\d,]+)\s+\([\s\d.]+%\)\s+(.*)$", line)
        if not m or "PROGRAM TOTALS" in line:
            continue
        name = m.group(2)
        obj = re.search(r"\[([^\]]*)\]\s*$", name)
        obj = obj.group(1) if obj else ""
        name = re.sub(r"\s*\[[^\]]*\]\s*$", "", name)
        name = name.split(":", 1)[1] if name.startswith(("./", "???:")) else name
        name = re.sub(r"'\d+$", "", name)
        costs[(name, obj)] += int(m.group(1).replace(",", ""))
    return costs


CATEGORIES = [
    ("regex translation (rules)", lambda n, o: "tool_schema::regex::" in n),
    ("symbol lookup by string (Sym::find + memcmp)", lambda n, o: "Sym::find" in n or "memcmp" in n),
    ("UTF-8 validation (from_utf8)", lambda n, o: "from_utf8" in n or "run_utf8_validation" in n),
    ("string formatting (fmt)", lambda n, o: "core::fmt" in n or "alloc::fmt" in n or "Formatter" in n
        or "as core::fmt::" in n or "fmt::Write" in n or "pad_integral" in n),
    ("Rust heap (malloc/realloc/free, Vec growth)", lambda n, o: "libc.so" in o and re.search(r"malloc|free|realloc|memmove|memcpy|memset|cfree", n)
        or "__rust" in n or "__rdl" in n or "raw_vec" in n or "RawVec" in n or "drop_in_place" in n),
    ("Zend engine (php binary: hash tables, zvals, emalloc/efree; for the PHP twin also the VM)", lambda n, o: "php8" in o or "/php" in o),
    ("rules and walk (tool_schema)", lambda n, o: "libtool_schema" in o or "tool_schema::" in n),
]


def main():
    short, long_, calls = sys.argv[1], sys.argv[2], int(sys.argv[3])
    top = int(sys.argv[4]) if len(sys.argv) > 4 else 25
    a, b = load(short), load(long_)
    diff = {k: b.get(k, 0) - a.get(k, 0) for k in set(a) | set(b)}
    total = sum(diff.values())
    print(f"{total / calls:,.0f} Ir per call (exclusive, start-up subtracted)")
    print()
    print("top functions:")
    for (name, obj), v in sorted(diff.items(), key=lambda kv: -kv[1])[:top]:
        if v <= 0:
            break
        print(f"  {v / calls:9,.0f} {100 * v / total:5.1f}%  {name[:110]}")
    cats = defaultdict(int)
    for (name, obj), v in diff.items():
        for cat, test in CATEGORIES:
            if test(name, obj):
                cats[cat] += v
                break
        else:
            cats["other (libpcre, libc, loader)"] += v
    print()
    print("by category:")
    for cat, v in sorted(cats.items(), key=lambda kv: -kv[1]):
        print(f"  {v / calls:9,.0f} {100 * v / total:5.1f}%  {cat}")


if __name__ == "__main__":
    main()
