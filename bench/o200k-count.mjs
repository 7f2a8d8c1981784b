// o200k token counts of JSON strings, with gpt-tokenizer (pinned in
// bench/package.json), the counter of bench/tokens.sh: reads
// {"KEY": "text", ...} (stdin or a file), prints {"KEY": count, ...}.
// scripts/test.d/77-report-page.sh checks the report page's counts with it.
//
//   node bench/o200k-count.mjs [FILE]

import { readFileSync } from 'node:fs';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';

const file = process.argv.slice(2).find((a) => !a.startsWith('--'));
const texts = JSON.parse(readFileSync(file ?? 0, 'utf8'));
console.log(JSON.stringify(Object.fromEntries(Object.entries(texts).map(([k, t]) => [k, encode(t).length]))));
