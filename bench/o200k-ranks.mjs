// Writes the o200k_base BPE ranks that gpt-tokenizer (pinned in
// bench/package.json and bench/package-lock.json) encodes with, in the
// tiktoken text format: one line per rank, "<base64 of the token's bytes>
// <rank>". The tool_schema module counts o200k tokens with such a file
// (drupal/tool_schema: Tokens\O200kCounter, setting tokens.o200k_ranks_file);
// scripts/o200k-ranks.sh runs this and checks the file's sha256.
//
//   node bench/o200k-ranks.mjs > o200k_base.tiktoken

import bpe from 'gpt-tokenizer/bpeRanks/o200k_base';

const encoder = new TextEncoder();
const lines = [];
bpe.forEach((value, rank) => {
  const bytes = typeof value === 'string' ? encoder.encode(value) : Uint8Array.from(value);
  lines.push(`${Buffer.from(bytes).toString('base64')} ${rank}\n`);
});
process.stdout.write(lines.join(''));
