"""Checks the report page as Chromium rendered it (scripts/test.d/77-report-page.sh).

    python3 report_check.py DOM.html SCHEMAS.json PHP_COUNTS.json NODE_COUNTS.json SCREENSHOT.png TOOLS MCP_PATCHED

DOM.html: the admin's page (chromium --dump-dom); SCHEMAS.json: every tool's
compact schema per profile from the report service; PHP_COUNTS.json: the
counts the module made of them; NODE_COUNTS.json: gpt-tokenizer's counts of
the same texts (bench/o200k-count.mjs); TOOLS: how many tool plugins the site
has; MCP_PATCHED: 1 when the site's mcp_tools has the extension points
(scripts/site.sh applies the patch unless SITE_MCP_PATCH=0). Every count the
page shows must be gpt-tokenizer's; the integrations must be what the site
has (the serializer and, patched, mcp_tools' three services taken over; the
Tool module snapshot, unpatched, not).
"""
import json
import sys
from html.parser import HTMLParser


class Page(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tools = []          # data-tool of each tool's details
        self.open_tools = 0      # tool details rendered open
        self.counts = {}         # "tool profile" -> data-o200k
        self.profiles = 0
        self.ids = set()
        self.names = set()
        self.text = []
        self.rows = []           # integrations: [path, status, why]
        self.findings = []       # (tool, input, kind) of each audit finding
        self._tool = None
        self._findings = False
        self._row = None
        self._cell = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if 'id' in a:
            self.ids.add(a['id'])
        if tag in ('select', 'input') and 'name' in a:
            self.names.add(a['name'])
        cls = (a.get('class') or '').split()
        if tag == 'details' and 'tool-schema-tool' in cls:
            self.tools.append(a.get('data-tool'))
            if 'open' in a:
                self.open_tools += 1
        if tag == 'details' and 'tool-schema-tool' in cls:
            self._tool = a.get('data-tool')
        if tag == 'table' and 'tool-schema-findings' in cls:
            self._findings = True
        if tag == 'tr' and ('tool-schema-integration' in cls or (self._findings and self._row is None)):
            self._row = []
        if tag == 'td' and self._row is not None:
            self._cell = []
        if tag == 'details' and 'tool-schema-profile' in cls:
            self.profiles += 1
            if 'data-o200k' in a:
                self.counts[f"{a['data-tool']} {a['data-profile']}"] = int(a['data-o200k'])

    def handle_endtag(self, tag):
        if tag == 'td' and self._cell is not None:
            self._row.append(''.join(self._cell).strip())
            self._cell = None
        if tag == 'tr' and self._row is not None:
            if self._findings:
                if len(self._row) == 3:
                    self.findings.append((self._tool, self._row[0], self._row[1]))
            else:
                self.rows.append(self._row)
            self._row = None
        if tag == 'table':
            self._findings = False

    def handle_data(self, data):
        self.text.append(data)
        if self._cell is not None:
            self._cell.append(data)


def main():
    dom, schemas, php_counts, node_counts, png, tools, mcp_patched = sys.argv[1:8]
    page = Page()
    page.feed(open(dom, encoding='utf-8').read())
    texts = json.load(open(schemas))
    mine = json.load(open(php_counts))
    theirs = json.load(open(node_counts))
    failures = []

    def check(ok, what):
        print(('ok   ' if ok else 'FAIL ') + what)
        if not ok:
            failures.append(what)

    check(len(page.tools) == int(tools), f'{len(page.tools)} tools on the page, {tools} tool plugins on the site')
    check(page.open_tools == 0, 'every tool collapsed (details without open)')
    check('not served by tool_schema' in ''.join(page.text), 'the tools tool_schema cannot take are marked so')
    check(page.profiles == 5 * len(page.tools), f'{page.profiles} profile schemas (5 per tool)')
    check({'tool-schema-settings', 'tool-schema-integrations', 'tool-schema-tools'} <= page.ids, 'settings, integrations and tools sections')
    check({'profile', 'nullable', 'derived_enum_limit', 'repairs', 'log_repairs', 'o200k_ranks_file'} <= page.names, 'the settings form and its six fields')
    check('entity_load_by_id' in page.tools and 'field_add' in page.tools, 'Tool module tools listed (entity_load_by_id, field_add)')
    text = ''.join(page.text)
    check('Tokens: o200k, counted here' in text, 'the page says it counted o200k tokens')
    check('tool_schema_site_test_wrong_examples' in page.tools and 'examples[1] "huge"' in text, "the audit's finding (the test module's wrong example)")
    check('field_add settings' not in text and 'default []' not in text, 'no finding for field_add.settings (empty map default)')
    values = sorted({f for f in page.findings if f[2] in ('default', 'example')})
    want = [('tool_schema_site_test_wrong_examples', 'count', 'default'), ('tool_schema_site_test_wrong_examples', 'size', 'example')]
    check(values == want, f'defaults and examples found wrong: only the test tool\'s two ({values})')
    status = {r[0]: r[1] for r in page.rows}
    serializer = [v for k, v in status.items() if k.startswith('Serializer')]
    check(serializer == ['taken over'], f'the serializer: {serializer}')
    mcp = [v for k, v in status.items() if k.startswith('mcp_tools:')]
    want = 'taken over' if mcp_patched == '1' else 'not taken over'
    check(len(mcp) == 3 and set(mcp) == {want}, f'mcp_tools\' three extension points: {mcp} (patched: {mcp_patched})')
    tool = [v for k, v in status.items() if k.startswith('Tool module')]
    check(tool == ['not taken over'], f"the Tool module's input path (snapshot, unpatched): {tool}")
    # Every count shown is the module's and gpt-tokenizer's.
    check(len(page.counts) == len(texts), f'{len(page.counts)} counts shown, {len(texts)} schemas')
    wrong = [k for k, n in page.counts.items() if theirs.get(k) != n or mine.get(k) != n]
    check(wrong == [], f'every count shown equals gpt-tokenizer\'s ({len(page.counts)} schemas; differ: {wrong[:5]})')
    with open(png, 'rb') as f:
        head = f.read(8)
    check(head == b'\x89PNG\r\n\x1a\n', f'screenshot {png} is a PNG')
    if failures:
        sys.exit(1)


main()
