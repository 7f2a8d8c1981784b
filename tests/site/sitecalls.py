"""What the conversation stage (scripts/test.d/76-conversation.sh) shares:
one MCP session over Streamable HTTP with the real client (PyPI mcp, pinned in
tests/site/requirements.txt, as tests/site/mcp_client.py uses it), every tool of
tools/list, tool calls kept as plain JSON, and the classification of an answer
(tests/site/roundtrip.py, tests/site/conversation.py).

Classes of an answer (`classify`):
  ran        the tool executed: success, or a tool-level failure that is not
             about the validity of its input ("Configuration not found", "Error
             blocking user: ...")
  invalid    refused as invalid input: mcp_tools' validation (error_code
             VALIDATION_FAILED), or Drupal's input validation inside the tool
             ("Input X: ...", "The X input is invalid: ...", "The X input must be
             an entity.", "... must match the type ...", "Tool execution failed
             due to invalid input: ...", a tool's own "Invalid ... entity")
  not_found  the input names nothing the site has, or nothing the user may see
             ("not found", "does not exist", "cannot view", ...), whichever the
             channel (a refusal or a tool-level failure)
  other      access denied, an error (an exception, a JSON-RPC error that is
             none of the above)
"""

import contextlib
import json
import re

import httpx2 as httpx
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError

NOT_FOUND = re.compile(
    r"not found|does not exist|doesn't exist|do not exist|no such (?:entity|user|file|role|menu|vocabulary)"
    r"|could not (?:be )?load|unable to load|\bno \"?[\w-]+\"? entity with (?:the )?ID|unknown entity type"
    r"|cannot view|can't view|may not view|not allowed to view|no access to view|that you can view"
    r"|is not accessible",
    re.I)
INVALID = re.compile(
    r"\bInput [\w.\[\]-]+: |\bThe .{1,80} input is invalid|\binput must be an entity|must be an entity\b"
    r"|must match the type|due to invalid input|\binvalid input\b|^Invalid (?:\w+ )?entity"
    r"|VALIDATION_FAILED",
    re.I | re.M)


@contextlib.asynccontextmanager
async def session(url, keyfile):
    key = open(keyfile).read().strip()
    async with httpx.AsyncClient(headers={"Authorization": "Bearer " + key}, timeout=120) as client:
        async with streamable_http_client(url, http_client=client) as (read, write):
            async with ClientSession(read, write) as s:
                await s.initialize()
                yield s


async def tools(s):
    """[(name, inputSchema)] in tools/list order, every page."""
    out, cursor = [], None
    for _ in range(50):
        r = await s.list_tools(cursor=cursor) if cursor else await s.list_tools()
        out += [(t.name, t.input_schema) for t in r.tools]
        cursor = r.next_cursor
        if not cursor:
            return out
    raise RuntimeError("more than 50 pages of tools/list")


async def call(s, name, arguments):
    """One tools/call as plain JSON: isError, rpcError (a JSON-RPC error code
    or None), text (the text content, or the JSON-RPC error message),
    structured (structuredContent)."""
    try:
        r = await s.call_tool(name, arguments)
    except MCPError as e:
        return {"isError": True, "rpcError": e.code, "text": e.message, "structured": None}
    text = "\n".join(getattr(x, "text", "") for x in r.content)
    return {"isError": bool(r.is_error), "rpcError": None, "text": text, "structured": r.structured_content}


def lines(answer):
    """The meaningful lines of an answer's text: without the "Object(...):"
    headers of a Drupal violation list and the JSON mcp_tools appends."""
    out = []
    for l in (answer.get("text") or "").splitlines():
        l = l.strip()
        if l == "{":
            break
        if l and l != ":" and not re.match(r"^Object\([\w\\]+\)[\w.\[\]]*:$", l):
            out.append(l)
    return out


def headline(answer):
    """The first line a model reads: the error (or message) of the answer."""
    st = answer.get("structured") or {}
    ls = lines(answer)
    if ls:
        return ls[0]
    for k in ("error", "message"):
        if isinstance(st.get(k), str) and st[k].strip():
            return st[k].strip().splitlines()[0]
    return ""


def violations(answer):
    """Drupal's violation lines ("Input X: ...") in an answer."""
    return [l for l in lines(answer) if re.match(r"^(?:Tool execution failed due to invalid input: )?Input [\w.\[\]-]+: ", l)]


def classify(answer):
    st = answer.get("structured") or {}
    text = answer.get("text") or ""
    vs = violations(answer)
    if vs:
        # Drupal's own input validation: "not found" only when every violation says so.
        return "not_found" if all(NOT_FOUND.search(v) for v in vs) else "invalid"
    if answer.get("rpcError") is not None:
        if NOT_FOUND.search(text):
            return "not_found"
        return "invalid" if INVALID.search(text) or answer["rpcError"] == -32602 else "other"
    code = st.get("error_code")
    if st.get("success") is True and not answer["isError"]:
        return "ran"
    if code == "VALIDATION_FAILED":
        return "not_found" if NOT_FOUND.search(headline(answer)) else "invalid"
    if code == "ACCESS_DENIED":
        return "other"
    if NOT_FOUND.search(headline(answer)):
        return "not_found"
    if INVALID.search(text):
        return "invalid"
    if code in ("EXECUTION_FAILED", "INSTANTIATION_FAILED", "INVALID_TOOL"):
        return "other"
    # A result of the tool itself (success false): it ran.
    return "ran" if "success" in st else "other"


def dump(path, data):
    with open(path, "w") as f:
        json.dump(data, f, indent=1, ensure_ascii=False)
        f.write("\n")
