"""tools/list over Streamable HTTP against several MCP servers, interleaved
(bench/site.sh starts them). Plain Python 3 (urllib), no SDK: one
initialize + notifications/initialized per server, then ROUNDS rounds, each
sending one tools/list to every server in turn. Prints a Markdown table of
medians: client wall time per request, PHP's wall time and peak memory per
request (from the servers' bench logs, bench/site_router.php).

Usage: site_bench.py ROUNDS label=URL=LOG=KEYFILE ...
"""
import json
import statistics
import sys
import time
import urllib.request


def post(url, key, payload, session=None):
    headers = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream",
               "Authorization": "Bearer " + key, "MCP-Protocol-Version": "2025-06-18"}
    if session:
        headers["Mcp-Session-Id"] = session
    req = urllib.request.Request(url, data=json.dumps(payload).encode(), headers=headers, method="POST")
    with urllib.request.urlopen(req, timeout=60) as r:
        return r.headers.get("Mcp-Session-Id"), r.read()


def main():
    rounds = int(sys.argv[1])
    servers = []
    for spec in sys.argv[2:]:
        label, url, log, keyfile = spec.split("=", 3)
        key = open(keyfile).read().strip()
        sid, _ = post(url, key, {"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {},
            "clientInfo": {"name": "tool_schema-bench", "version": "1.0"}}})
        post(url, key, {"jsonrpc": "2.0", "method": "notifications/initialized"}, sid)
        open(log, "w").close()
        servers.append({"label": label, "url": url, "log": log, "sid": sid, "key": key, "wall": [], "tools": None})
    for i in range(rounds + 1):  # round 0 warms caches and opcache, not counted
        for s in servers:
            t0 = time.perf_counter()
            _, body = post(s["url"], s["key"], {"jsonrpc": "2.0", "id": i + 1, "method": "tools/list"}, s["sid"])
            dt = (time.perf_counter() - t0) * 1000
            text = body.decode()
            if text.startswith("event:") or text.startswith("data:"):
                text = next(l[5:] for l in text.splitlines() if l.startswith("data:"))
            n = len(json.loads(text)["result"]["tools"])
            s["tools"] = n
            s["bytes"] = len(body)
            if i > 0:
                s["wall"].append(dt)
    print("| configuration | tools | answer bytes | client wall ms (median) | PHP wall ms (median) | peak PHP memory MB (median) |")
    print("|---|---|---|---|---|---|")
    for s in servers:
        rows = [json.loads(l) for l in open(s["log"]) if l.strip()]
        rows = [r for r in rows if r["method"] == "tools/list"][1:]
        print(f"| {s['label']} | {s['tools']} | {s['bytes']} | {statistics.median(s['wall']):.1f} | "
              f"{statistics.median(r['ms'] for r in rows):.1f} | "
              f"{statistics.median(r['peak'] for r in rows) / 1048576:.2f} |")
    print(f"\n{rounds} interleaved rounds (one more for warm-up, not counted).")


main()
