// Counts the o200k tokens of the schemas bench/tokens.php writes (stdin or a
// file) with gpt-tokenizer (pinned in bench/package.json) and prints a
// Markdown table per tool list: each tool's input schema, the Tool module's
// and tool_schema's in each profile, the totals and their ratio to the Tool
// module's, and the same for the input schemas alone (each property of a
// tool's schema counted on its own, without the object around them: what
// issue 30 measured). Then, for the canonical (mcp) schema, each constraint keyword the
// Tool module states for an input that tool_schema's schema of that input
// lacks (none expected).
//
//   php bench/tokens.php | node bench/tokens.mjs [--json]

import { readFileSync } from 'node:fs';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--'));
const doc = JSON.parse(readFileSync(file ?? 0, 'utf8'));
// A document may name its own columns (bench/site_tokens.py); the first is
// the base of the ratios and of the keyword check.
const columns = doc.columns ?? ['tool module', 'mcp', 'openai', 'anthropic', 'gemini', 'gemini_json'];
const base = columns[0];

// Keywords that constrain values (what a schema "states"); annotations and
// structure are not counted.
const CONSTRAINTS = new Set([
  'enum', 'const', 'pattern', 'format', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum',
  'minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties', 'required',
  'multipleOf', 'not', 'additionalProperties',
]);

function keywords(schema, into = new Set()) {
  if (Array.isArray(schema)) {
    schema.forEach((s) => keywords(s, into));
  } else if (schema !== null && typeof schema === 'object') {
    for (const [k, v] of Object.entries(schema)) {
      if (CONSTRAINTS.has(k)) into.add(k);
      if (k !== 'enum' && k !== 'const' && k !== 'default' && k !== 'examples') keywords(v, into);
    }
  }
  return into;
}

const result = [];
let missing = 0;
for (const list of doc.lists) {
  const rows = list.tools.map((t) => ({
    id: t.id,
    tokens: Object.fromEntries(columns.map((c) => [c, encode(t.schemas[c]).length])),
    bytes: Object.fromEntries(columns.map((c) => [c, Buffer.byteLength(t.schemas[c])])),
    lacks: !columns.includes('mcp') ? [] : Object.entries(JSON.parse(t.schemas[base]).properties ?? {}).flatMap(([name, theirs]) => {
      const ours = keywords(JSON.parse(t.schemas.mcp).properties?.[name] ?? {});
      return [...keywords(theirs)].filter((k) => !ours.has(k)).map((k) => `${name}: ${k}`);
    }),
  }));
  const total = Object.fromEntries(columns.map((c) => [c, rows.reduce((n, r) => n + r.tokens[c], 0)]));
  // The input schemas alone (JSON.stringify writes slashes and Unicode unescaped, as the PHP side).
  const inputs = Object.fromEntries(columns.map((c) => [c, list.tools.reduce((n, t) => n
    + Object.values(JSON.parse(t.schemas[c]).properties ?? {}).reduce((m, s) => m + encode(JSON.stringify(s)).length, 0), 0)]));
  result.push({ name: list.name, rows, total, inputs });
  missing += rows.reduce((n, r) => n + r.lacks.length, 0);
}

if (args.includes('--json')) {
  console.log(JSON.stringify(result, null, 1));
} else {
  const ratio = (n, base) => (n / base).toFixed(2) + '×';
  for (const list of result) {
    console.log(`### ${list.name} (${list.rows.length} tools with inputs; o200k tokens, implementation ${doc.implementation})\n`);
    console.log(`| tool | ${columns.join(' | ')} |`);
    console.log(`|---|${columns.map(() => '---:').join('|')}|`);
    for (const r of list.rows) {
      console.log(`| ${r.id} | ${columns.map((c) => r.tokens[c]).join(' | ')} |`);
    }
    console.log(`| **total** | ${columns.map((c) => `**${list.total[c]}**`).join(' | ')} |`);
    console.log(`| ratio to ${base} | ${columns.map((c) => ratio(list.total[c], list.total[base])).join(' | ')} |`);
    console.log(`| input schemas alone | ${columns.map((c) => list.inputs[c]).join(' | ')} |`);
    console.log(`| their ratio | ${columns.map((c) => (list.inputs[c] / list.inputs[base]).toFixed(3) + '×').join(' | ')} |\n`);
    for (const r of list.rows) {
      for (const l of r.lacks) console.log(`lacks what ${base} states: ${r.id}.${l}`);
    }
  }
}
process.exitCode = missing === 0 ? 0 : 1;
