// Evaluates ECMA-262 patterns the way JSON Schema consumers do:
// new RegExp(pattern, 'u').test(subject). Reads a JSON file
// [{pattern, subjects: [..]}, ...] and prints [{error} | {results: [bool..]}].
'use strict';
const fs = require('fs');
const input = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const out = input.map(({ pattern, subjects }) => {
  let re;
  try {
    re = new RegExp(pattern, 'u');
  } catch (e) {
    return { error: String(e.message) };
  }
  return { results: subjects.map((s) => re.test(s)) };
});
fs.writeFileSync(process.argv[3], JSON.stringify(out));
