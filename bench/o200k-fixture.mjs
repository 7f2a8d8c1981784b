// Writes drupal/tool_schema/tests/fixtures/o200k.json: texts (a few tool
// schemas a model receives, and texts that exercise the pre-tokenizer) with
// their o200k token ids from gpt-tokenizer (pinned in bench/package.json),
// the counter of bench/tokens.sh. The module's O200kTokenizerTest compares
// its PHP encoder with them.
//
//   node bench/o200k-fixture.mjs TEXTS.json > drupal/tool_schema/tests/fixtures/o200k.json

import { readFileSync } from 'node:fs';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';

const texts = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const cases = texts.map((text) => ({ text, tokens: encode(text) }));
process.stdout.write(JSON.stringify({ generator: 'bench/o200k-fixture.mjs, gpt-tokenizer 4.0.0 o200k_base', cases }, null, 1) + '\n');
