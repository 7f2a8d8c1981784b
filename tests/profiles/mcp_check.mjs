// The profile corpus (target/profiles/corpus.json, written by
// `cargo test --test profiles`) against the MCP TypeScript SDK and ajv.
//
// 1. mcp: every schema goes through a real tools/list round trip (an SDK
//    Server and Client over the SDK's in-memory transport) and comes back
//    unchanged, and compiles with ajv's JSON Schema 2020-12 in strict mode.
// 2. Never looser without a warning, every profile: every `reject` value of a
//    fixture (a value Drupal rejects) is rejected by the profile's schema
//    (Gemini's read as JSON Schema, `json_schema` in the corpus), unless the
//    pass warned (profile_constraint_dropped / profile_strict_impossible) at
//    a definition path where the canonical schema reports the value's error.
//    `accept` values the profile refuses are counted (its tightenings: e.g.
//    OpenAI wants every property present).
//
// Usage: node mcp_check.mjs [corpus.json]. Exit 1 on any failure.

import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const addFormats = addFormatsModule.default ?? addFormatsModule;
const path = process.argv[2] ?? 'target/profiles/corpus.json';
const corpus = JSON.parse(readFileSync(path, 'utf8'));
const failures = [];
const counts = {};
const count = (k, n = 1) => { counts[k] = (counts[k] ?? 0) + n; };

function ajv(strict) {
  const a = new Ajv2020({ strict, allErrors: true, validateFormats: true });
  addFormats(a);
  return a;
}
const strictAjv = ajv(true);
const looseAjv = ajv(false);

// 1. MCP: tools/list round trip and ajv strict mode.
const mcp = corpus.filter((c) => c.profile === 'mcp');
const server = new Server({ name: 'tool-schema-profiles', version: '0.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: mcp.map((c, i) => ({ name: `t${i}`, description: c.name, inputSchema: c.schema })),
}));
const client = new Client({ name: 'profile-check', version: '0.0.0' });
const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
let listed;
try {
  listed = (await client.listTools()).tools;
} catch (e) {
  failures.push(`mcp: tools/list refused: ${e.message}`);
  listed = [];
}
for (const [i, c] of mcp.entries()) {
  const label = `${c.name} ${c.style} mcp`;
  const tool = listed.find((t) => t.name === `t${i}`);
  if (!tool) {
    failures.push(`${label}: not listed`);
  } else if (!isDeepStrictEqual(tool.inputSchema, c.schema)) {
    failures.push(`${label}: tools/list changed the schema\n    ${JSON.stringify(tool.inputSchema)}`);
  } else {
    count('mcp tools/list unchanged');
  }
  try {
    strictAjv.compile(c.schema);
    count('mcp ajv strict compiles');
  } catch (e) {
    failures.push(`${label}: ajv strict: ${e.message}\n    ${JSON.stringify(c.schema)}`);
  }
}
await client.close();

// 2. Never looser without a warning.
const compiled = new Map();
function validator(schema) {
  const key = JSON.stringify(schema);
  if (!compiled.has(key)) {
    compiled.set(key, looseAjv.compile(schema));
  }
  return compiled.get(key);
}

/** The definition path of an ajv error's schema path. */
function definitionPath(schemaPath) {
  const segs = schemaPath.replace(/^#\/?/, '').split('/').filter((s) => s !== '')
    .map((s) => decodeURIComponent(s).replace(/~1/g, '/').replace(/~0/g, '~'));
  const out = [];
  for (let i = 0; i < segs.length;) {
    const s = segs[i];
    if (s === 'properties' && i + 1 < segs.length) {
      out.push('properties', segs[i + 1]);
      i += 2;
    } else if (s === 'items') {
      out.push('items');
      i += 1;
    } else if (s === 'anyOf' || s === 'oneOf' || s === 'allOf') {
      i += 2;
    } else if (s === 'not') {
      i += 1;
    } else {
      break;
    }
  }
  return out.join('.');
}

for (const c of corpus) {
  const label = `${c.name} ${c.style} ${c.profile}`;
  let canonical, profile;
  try {
    canonical = validator(c.canonical);
    profile = validator(c.json_schema);
  } catch (e) {
    failures.push(`${label}: ajv cannot compile: ${e.message}`);
    continue;
  }
  const excuses = new Set(c.warnings
    .filter((w) => w.code === 'profile_constraint_dropped' || w.code === 'profile_strict_impossible')
    .map((w) => w.path));
  for (const v of c.reject) {
    count(`${c.profile} reject values`);
    if (canonical(v)) {
      failures.push(`${label}: the canonical schema accepts the rejected value ${JSON.stringify(v)}`);
      continue;
    }
    if (!profile(v)) {
      count(`${c.profile} rejected`);
      continue;
    }
    const paths = new Set(canonical.errors.map((e) => definitionPath(e.schemaPath)));
    const excuse = [...paths].find((p) => excuses.has(p));
    if (excuse !== undefined) {
      count(`${c.profile} accepted, with a warning at the path`);
    } else {
      failures.push(`${label}: accepts the rejected value ${JSON.stringify(v)} without a warning at ${JSON.stringify([...paths])}\n    ${JSON.stringify(c.schema)}`);
    }
  }
  for (const v of c.accept) {
    if (!profile(v)) {
      count(`${c.profile} accept values refused (tightened)`);
    }
  }
}

for (const k of Object.keys(counts).sort()) {
  console.log(`  ${k}: ${counts[k]}`);
}
if (failures.length > 0) {
  console.log(`${failures.length} failure(s):`);
  for (const f of failures.slice(0, 60)) {
    console.log(`- ${f}`);
  }
  process.exit(1);
}
console.log('mcp/ajv check: every mcp schema listed unchanged and compiled strictly; 0 loosenings without a warning');
