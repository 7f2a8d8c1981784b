"""A real MCP client (PyPI mcp==2.3.0, tests/site/requirements.txt) for the site
of scripts/site.sh: connects over Streamable HTTP or STDIO, lists every tool
(following pagination cursors) and makes the tool calls given, and writes what
it received as JSON:

  {"tools": [{"name", "inputSchema"}...], "calls": [{"name", "arguments",
   "isError", "text", "structured"}...]}

Each inputSchema is kept as the SDK decoded it (key order kept); the SDK's
own model validation of the tools/list answer runs (a list it rejects fails
here). Over HTTP, "raw_tools_list" is also the body of one tools/list answer
as the server sent it (plain JSON-RPC, no SDK), for byte comparisons.

Usage:
  mcp_client.py http URL KEYFILE OUT [CALLS.json]
  mcp_client.py stdio OUT CALLS.json COMMAND [ARGS...]
      (the server command, e.g. scripts/site.sh --stdio; it gets this
      process's environment)
"""

import asyncio
import json
import os
import sys

import httpx2 as httpx
from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError

import rpc


async def run(session, calls):
    await session.initialize()
    tools, cursor, pages = [], None, 0
    while True:
        pages += 1
        if pages > 50:
            raise RuntimeError("more than 50 pages of tools/list")
        result = await session.list_tools(cursor=cursor) if cursor else await session.list_tools()
        for t in result.tools:
            tools.append({"name": t.name, "inputSchema": t.input_schema})
        cursor = result.next_cursor
        if not cursor:
            break
    out = []
    for c in calls:
        try:
            r = await session.call_tool(c["name"], c.get("arguments", {}))
        except MCPError as e:
            # A JSON-RPC error answer (not a tool result).
            out.append({"name": c["name"], "arguments": c.get("arguments", {}),
                        "isError": True, "rpcError": e.error.code if hasattr(e, "error") else None,
                        "text": str(e), "structured": None})
            continue
        text = "\n".join(getattr(x, "text", "") for x in r.content)
        out.append({"name": c["name"], "arguments": c.get("arguments", {}),
                    "isError": bool(r.is_error), "text": text,
                    "structured": r.structured_content})
    return {"tools": tools, "calls": out}


def raw_tools_list(url, key):
    """The bytes of one tools/list answer, by plain JSON-RPC over HTTP (no SDK)."""
    body, _ = rpc.Session(url, key, "tool_schema-site-test").call("tools/list")
    return body.decode()


async def main(argv):
    mode = argv[1]
    if mode == "http":
        url, keyfile, outfile = argv[2], argv[3], argv[4]
        callfile = argv[5] if len(argv) > 5 else None
        key = open(keyfile).read().strip()
    elif mode == "stdio":
        outfile, callfile, command = argv[2], argv[3], argv[4:]
    else:
        raise SystemExit(__doc__)
    calls = json.load(open(callfile)) if callfile else []
    if mode == "http":
        async with httpx.AsyncClient(headers={"Authorization": "Bearer " + key},
                                     timeout=60) as client:
            async with streamable_http_client(url, http_client=client) as (read, write):
                async with ClientSession(read, write) as session:
                    data = await run(session, calls)
        data["raw_tools_list"] = raw_tools_list(url, key)
    else:
        params = StdioServerParameters(command=command[0], args=command[1:], env=dict(os.environ))
        async with stdio_client(params) as (read, write):
            async with ClientSession(read, write) as session:
                data = await run(session, calls)
    with open(outfile, "w") as f:
        json.dump(data, f, indent=1)
        f.write("\n")
    print(f"{mode}: {len(data['tools'])} tools, {len(data['calls'])} calls -> {outfile}")


if __name__ == "__main__":
    asyncio.run(main(sys.argv))
