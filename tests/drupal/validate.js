// JSON Schema 2020-12 verdicts for the real-Drupal differential test
// (tests/drupal/differential.php): ajv's Ajv2020 with ajv-formats (full mode),
// versions pinned in package-lock.json.
//
// Usage: node validate.js SCHEMAS.json PAIRS.jsonl > VERDICTS.jsonl
//   SCHEMAS.json  a JSON array of schemas
//   PAIRS.jsonl   one {"s": <schema index>, "v": <value>} per line
// Output: one line per pair, in order: [1] when the schema accepts the value,
// [0, keyword, instancePath, schemaPath] of the first error otherwise, or
// [-1, message] when the schema does not compile (then the test fails).
'use strict';
const fs = require('fs');
const Ajv2020 = require('ajv/dist/2020');
const addFormats = require('ajv-formats');

const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
addFormats(ajv);

const schemas = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const compiled = new Array(schemas.length);
function validator(i) {
  if (compiled[i] === undefined) {
    try {
      compiled[i] = ajv.compile(schemas[i]);
    } catch (e) {
      compiled[i] = String(e.message || e);
    }
  }
  return compiled[i];
}

const lines = fs.readFileSync(process.argv[3], 'utf8').split('\n');
const out = [];
for (const line of lines) {
  if (line === '') continue;
  const pair = JSON.parse(line);
  const validate = validator(pair.s);
  if (typeof validate === 'string') {
    out.push(JSON.stringify([-1, validate]));
    continue;
  }
  if (validate(pair.v)) {
    out.push('[1]');
  } else {
    const e = validate.errors[0];
    out.push(JSON.stringify([0, e.keyword, e.instancePath, e.schemaPath]));
  }
}
process.stdout.write(out.join('\n') + (out.length ? '\n' : ''));
