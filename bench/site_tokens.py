"""The token benchmark on a whole site's tool list (docs/benchmarks.md#tokens):
tools/list over Streamable HTTP from sites of scripts/site.sh, each
tool's inputSchema as the MCP client receives it, written in the format
bench/tokens.mjs counts: {"implementation", "columns", "lists": [{"name",
"tools": [{"id", "schemas": {column: JSON text}}]}]}. The first server is the
base of the ratios (mcp_tools' own converter: a site without tool_schema).

  python3 bench/site_tokens.py LABEL=URL=KEYFILE... > schemas.json
  node bench/tokens.mjs schemas.json
"""

import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests", "site"))
import rpc  # noqa: E402


def main():
    servers = []
    for spec in sys.argv[1:]:
        label, url, keyfile = spec.split("=", 2)
        servers.append((label, rpc.Session(url, open(keyfile).read().strip(), "site_tokens", timeout=120).tools()))
    names = [n for n in servers[0][1] if all(n in s for _, s in servers)]
    compact = dict(separators=(",", ":"), ensure_ascii=False)
    doc = {"implementation": "site", "columns": [label for label, _ in servers], "lists": [{
        "name": "the site's mcp_tools tool list (tools/list inputSchema)",
        "tools": [{"id": n, "schemas": {label: json.dumps(s[n], **compact) for label, s in servers}} for n in names],
    }]}
    only = {label: sorted(set(s) - set(names)) for label, s in servers}
    print(json.dumps(doc, ensure_ascii=False))
    print(f"site_tokens: {len(names)} tools in every list; only in one: {only}", file=sys.stderr)


if __name__ == "__main__":
    main()
