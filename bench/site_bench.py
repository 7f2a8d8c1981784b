"""tools/list over Streamable HTTP against several MCP servers, interleaved
(bench/site.sh starts them). Plain Python 3 (urllib), no SDK: one
initialize + notifications/initialized per server, then ROUNDS rounds, each
sending one tools/list to every server in turn. Prints a Markdown table of
medians: client wall time per request, PHP's wall time and peak memory per
request (from the servers' bench logs, bench/site_router.php).

Usage: site_bench.py ROUNDS label=URL=LOG=KEYFILE ...
"""
import json
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tests", "site"))
import rpc  # noqa: E402


def main():
    rounds = int(sys.argv[1])
    servers = []
    for spec in sys.argv[2:]:
        label, url, log, keyfile = spec.split("=", 3)
        key = open(keyfile).read().strip()
        session = rpc.Session(url, key, "tool_schema-bench")
        open(log, "w").close()
        servers.append({"label": label, "session": session, "log": log, "wall": [], "tools": None})
    for i in range(rounds + 1):  # round 0 warms caches and opcache, not counted
        for s in servers:
            t0 = time.perf_counter()
            body, answer = s["session"].call("tools/list")
            dt = (time.perf_counter() - t0) * 1000
            s["tools"] = len(answer["result"]["tools"])
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
