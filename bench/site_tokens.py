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
import sys
import urllib.request


def post(url, key, payload, session=None):
    headers = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream",
               "Authorization": "Bearer " + key, "MCP-Protocol-Version": "2025-06-18"}
    if session:
        headers["Mcp-Session-Id"] = session
    req = urllib.request.Request(url, data=json.dumps(payload).encode(), headers=headers, method="POST")
    with urllib.request.urlopen(req, timeout=120) as r:
        body = r.read().decode()
        sid = r.headers.get("Mcp-Session-Id")
    if body.startswith("event:") or body.startswith("data:"):
        body = "\n".join(l[5:] for l in body.splitlines() if l.startswith("data:"))
    return sid, (json.loads(body) if body.strip() else None)


def tools_of(url, key):
    sid, _ = post(url, key, {"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "site_tokens", "version": "1"}}})
    post(url, key, {"jsonrpc": "2.0", "method": "notifications/initialized"}, sid)
    tools, cursor = {}, None
    while True:
        params = {"cursor": cursor} if cursor else {}
        _, r = post(url, key, {"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": params}, sid)
        for t in r["result"]["tools"]:
            tools[t["name"]] = t["inputSchema"]
        cursor = r["result"].get("nextCursor")
        if not cursor:
            return tools


def main():
    servers = []
    for spec in sys.argv[1:]:
        label, url, keyfile = spec.split("=", 2)
        servers.append((label, tools_of(url, open(keyfile).read().strip())))
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
