"""Plain JSON-RPC over MCP's Streamable HTTP (stdlib only, no SDK): the one
session the byte-level checks (tests/site/mcp_client.py's raw tools/list) and
the site benchmarks (bench/site_bench.py, bench/site_tokens.py) share. An
answer may come as JSON or as one SSE event; `call` returns the bytes as the
server sent them and the decoded message."""

import json
import urllib.request

PROTOCOL = "2025-06-18"


class Session:
    def __init__(self, url, key, client, timeout=60):
        self.url, self.key, self.timeout, self.sid, self.ids = url, key, timeout, None, 0
        self.call("initialize", {"protocolVersion": PROTOCOL, "capabilities": {},
                                 "clientInfo": {"name": client, "version": "1.0"}})
        self.post({"jsonrpc": "2.0", "method": "notifications/initialized"})

    def post(self, payload):
        headers = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream",
                   "Authorization": "Bearer " + self.key, "MCP-Protocol-Version": PROTOCOL}
        if self.sid:
            headers["Mcp-Session-Id"] = self.sid
        req = urllib.request.Request(self.url, data=json.dumps(payload).encode(), headers=headers, method="POST")
        with urllib.request.urlopen(req, timeout=self.timeout) as r:
            self.sid = self.sid or r.headers.get("Mcp-Session-Id")
            return r.read()

    def call(self, method, params=None):
        """(raw answer bytes, decoded JSON-RPC message) of one request."""
        self.ids += 1
        body = self.post({"jsonrpc": "2.0", "id": self.ids, "method": method, "params": params or {}})
        text = body.decode()
        if text.startswith("event:") or text.startswith("data:"):
            text = "\n".join(l[5:] for l in text.splitlines() if l.startswith("data:"))
        return body, json.loads(text)

    def tools(self):
        """Every tool of tools/list, following pagination cursors: name => inputSchema."""
        tools, cursor = {}, None
        while True:
            _, r = self.call("tools/list", {"cursor": cursor} if cursor else {})
            for t in r["result"]["tools"]:
                tools[t["name"]] = t["inputSchema"]
            cursor = r["result"].get("nextCursor")
            if not cursor:
                return tools
