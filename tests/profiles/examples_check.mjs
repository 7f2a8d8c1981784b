// `input_examples` (issue 30) against the schema each tool is sent with:
// every example fit_budget() returns (target/profiles/budget.json, written by
// budget.php) must validate against that tool's schema, by ajv's JSON Schema
// 2020-12 with ajv-formats (formats asserted: stricter than the library,
// which reads `format` as an annotation).
//
// Usage: node examples_check.mjs [budget.json]. Exit 1 on any failure.

import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

const addFormats = addFormatsModule.default ?? addFormatsModule;
const requests = JSON.parse(readFileSync(process.argv[2] ?? 'target/profiles/budget.json', 'utf8'));
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
addFormats(ajv);
const failures = [];
let tools = 0;
let examples = 0;
for (const r of requests) {
  for (const [tool, entry] of Object.entries(r.tools)) {
    if (!('input_examples' in entry)) continue;
    tools++;
    const validate = ajv.compile(entry.schema);
    for (const e of entry.input_examples) {
      examples++;
      if (!validate(e)) {
        failures.push(`${r.name}: ${tool}: ${JSON.stringify(e)}: ${ajv.errorsText(validate.errors)}`);
      }
    }
  }
}
console.log(`examples check: ${examples} input_examples of ${tools} tools, each validated by ajv against its tool's schema`);
if (failures.length > 0) {
  console.log(`${failures.length} failure(s):\n- ${failures.slice(0, 40).join('\n- ')}`);
  process.exit(1);
}
