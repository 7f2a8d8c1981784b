"""Checks the report page as Chromium rendered it (scripts/test.d/77-report-page.sh).

    python3 report_check.py DOM.html SCHEMAS.json PHP_COUNTS.json NODE_COUNTS.json SCREENSHOT.png TOOLS

DOM.html: the admin's page (chromium --dump-dom); SCHEMAS.json: every tool's
compact schema per profile from the report service; PHP_COUNTS.json: the
counts the module made of them; NODE_COUNTS.json: gpt-tokenizer's counts of
the same texts (bench/o200k-count.mjs); TOOLS: how many tool plugins the site
has. Every count the page shows must be gpt-tokenizer's.
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
        if tag == 'details' and 'tool-schema-profile' in cls:
            self.profiles += 1
            if 'data-o200k' in a:
                self.counts[f"{a['data-tool']} {a['data-profile']}"] = int(a['data-o200k'])

    def handle_data(self, data):
        self.text.append(data)


def main():
    dom, schemas, php_counts, node_counts, png, tools = sys.argv[1:7]
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
