// Evaluates emitted ECMA-262 patterns the way JSON Schema consumers do
// (new RegExp(pattern, 'u').test(subject)), for tests/regex/differential.php.
//
//   node ecma_tool.js IN.json OUT.json
//
// IN:  {seed, limit_ms, jobs: [{pattern, subjects, generate, attack}]}
// OUT: [{error} | {subjects, results, timeout, attack: {strings, max_ms, timeout}}]
//
// For each job, in order:
//  * `generate` random strings that the pattern should match (a generator
//    over the subset of ECMA syntax the translator emits), plus mutations of
//    them (a character deleted, inserted, replaced, a newline added...), are
//    appended to the subjects: tests/regex/differential.php compares
//    preg_match with the ECMA verdict on all of them;
//  * with `attack`, attack strings: a matching subject with one fragment of
//    it repeated (30 times, and up to about 2,000 characters) and a suffix
//    that makes the match fail. A pattern that backtracks catastrophically
//    takes seconds or more on one of them; every job runs under a time limit
//    (`limit_ms`, V8 interrupts the regex) and a timeout is reported.
// The random choices come from a seeded generator: runs are reproducible.
'use strict';
const fs = require('fs');
const vm = require('vm');

const input = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const limitMs = input.limit_ms || 2000;

function mulberry32(a) {
  return function () {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
function hash(s) {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

// ---- parser for the emitted subset ------------------------------------------
// Node: {t:'chars', set:[[lo,hi]..], neg} | {t:'seq', items} | {t:'alt', alts}
// | {t:'rep', body, min, max} | {t:'group', body, name} | {t:'look'} | {t:'assert'}
// | {t:'backref', name}
function parse(p) {
  let i = 0;
  const cp = () => p.codePointAt(i);
  function escapeChar() {
    // after '\'
    const c = p[i++];
    if (c === 'u' && p[i] === '{') {
      const j = p.indexOf('}', i);
      const v = parseInt(p.slice(i + 1, j), 16);
      i = j + 1;
      return { cp: v };
    }
    if (c === 'x') {
      const v = parseInt(p.slice(i, i + 2), 16);
      i += 2;
      return { cp: v };
    }
    const simple = { t: 9, n: 10, r: 13, f: 12, v: 11 };
    if (c in simple) return { cp: simple[c] };
    if (c === 'd') return { set: [[48, 57]] };
    if (c === 'D') return { set: [[48, 57]], neg: true };
    if (c === 'w') return { set: [[48, 57], [65, 90], [95, 95], [97, 122]] };
    if (c === 'W') return { set: [[48, 57], [65, 90], [95, 95], [97, 122]], neg: true };
    if (c === 's') return { set: [[9, 13], [32, 32], [160, 160], [0x1680, 0x1680], [0x2000, 0x200a], [0x2028, 0x2029], [0x202f, 0x202f], [0x205f, 0x205f], [0x3000, 0x3000], [0xfeff, 0xfeff]] };
    if (c === 'S') return { set: [[9, 13], [32, 32], [160, 160], [0x1680, 0x1680], [0x2000, 0x200a], [0x2028, 0x2029], [0x202f, 0x202f], [0x205f, 0x205f], [0x3000, 0x3000], [0xfeff, 0xfeff]], neg: true };
    return { cp: c.codePointAt(0) };
  }
  function cls() {
    // after '['
    let neg = false;
    if (p[i] === '^') {
      neg = true;
      i++;
    }
    const set = [];
    const sub = [];
    while (p[i] !== ']') {
      let lo;
      if (p[i] === '\\') {
        i++;
        const e = escapeChar();
        if (e.set) {
          if (e.neg) sub.push(e.set);
          else set.push(...e.set);
          continue;
        }
        lo = e.cp;
      } else {
        lo = cp();
        i += lo > 0xffff ? 2 : 1;
      }
      let hi = lo;
      if (p[i] === '-' && p[i + 1] !== ']') {
        i++;
        if (p[i] === '\\') {
          i++;
          hi = escapeChar().cp;
        } else {
          hi = cp();
          i += hi > 0xffff ? 2 : 1;
        }
      }
      set.push([lo, hi]);
    }
    i++;
    // [\s\S]: everything.
    if (sub.length && set.length) return { t: 'chars', set: [[0, 0x10ffff]], neg };
    if (sub.length) return { t: 'chars', set: sub[0], neg: !neg };
    return { t: 'chars', set, neg };
  }
  function alternation() {
    const alts = [sequence()];
    while (p[i] === '|') {
      i++;
      alts.push(sequence());
    }
    return alts.length === 1 ? alts[0] : { t: 'alt', alts };
  }
  function sequence() {
    const items = [];
    while (i < p.length && p[i] !== '|' && p[i] !== ')') {
      let atom;
      const c = p[i];
      if (c === '(') {
        i++;
        let name = null;
        let look = false;
        if (p[i] === '?') {
          if (p.startsWith('?:', i)) i += 2;
          else if (p.startsWith('?=', i) || p.startsWith('?!', i)) {
            i += 2;
            look = true;
          } else if (p.startsWith('?<=', i) || p.startsWith('?<!', i)) {
            i += 3;
            look = true;
          } else if (p.startsWith('?<', i)) {
            const j = p.indexOf('>', i);
            name = p.slice(i + 2, j);
            i = j + 1;
          }
        }
        const body = alternation();
        i++; // ')'
        atom = look ? { t: 'look', body } : { t: 'group', body, name };
      } else if (c === '[') {
        i++;
        atom = cls();
      } else if (c === '\\') {
        i++;
        if (p[i] === 'b' || p[i] === 'B') {
          i++;
          atom = { t: 'assert' };
        } else if (p[i] === 'k') {
          const j = p.indexOf('>', i);
          atom = { t: 'backref', name: p.slice(i + 2, j) };
          i = j + 1;
        } else {
          const e = escapeChar();
          atom = e.set ? { t: 'chars', set: e.set, neg: !!e.neg } : { t: 'chars', set: [[e.cp, e.cp]], neg: false };
        }
      } else if (c === '^' || c === '$') {
        i++;
        atom = { t: 'assert' };
      } else if (c === '.') {
        i++;
        atom = { t: 'chars', set: [[10, 10], [13, 13], [0x2028, 0x2029]], neg: true };
      } else {
        const v = cp();
        i += v > 0xffff ? 2 : 1;
        atom = { t: 'chars', set: [[v, v]], neg: false };
      }
      // quantifier
      let q = null;
      if (p[i] === '*') q = [0, Infinity];
      else if (p[i] === '+') q = [1, Infinity];
      else if (p[i] === '?') q = [0, 1];
      else if (p[i] === '{') {
        const m = /^\{(\d+)(,(\d*))?\}/.exec(p.slice(i));
        if (m) {
          q = [Number(m[1]), m[2] === undefined ? Number(m[1]) : m[3] === '' ? Infinity : Number(m[3])];
          i += m[0].length - 1;
        }
      }
      if (q) {
        i++;
        if (p[i] === '?') i++;
        atom = { t: 'rep', body: atom, min: q[0], max: q[1] };
      }
      items.push(atom);
    }
    return { t: 'seq', items };
  }
  const ast = alternation();
  if (i !== p.length) throw new Error('unparsed at ' + i);
  return ast;
}

const POOL = [];
for (let c = 32; c < 127; c++) POOL.push(c);
POOL.push(9, 10, 13, 0, 0x7f, 0x85, 0xa0, 0xe9, 0xdf, 0x17f, 0x212a, 0x130, 0x131, 0x3c3, 0x660, 0xff11, 0x2028, 0xfeff, 0x180e, 0x3000, 0x1d7d8, 0x1f600, 0x10ffff, 0x378, 0xad, 0x300);

function inSet(set, c) {
  for (const [lo, hi] of set) if (c >= lo && c <= hi) return true;
  return false;
}

function pick(node, rnd) {
  if (!node.neg) {
    let total = 0;
    for (const [lo, hi] of node.set) total += hi - lo + 1;
    if (total === 0) return null;
    // Bias towards the edges of ranges and ASCII.
    const [lo, hi] = node.set[Math.floor(rnd() * node.set.length)];
    const r = rnd();
    let c = r < 0.3 ? lo : r < 0.5 ? hi : lo + Math.floor(rnd() * (hi - lo + 1));
    if (c >= 0xd800 && c <= 0xdfff) c = 0xe000;
    return c;
  }
  for (let k = 0; k < 50; k++) {
    const c = rnd() < 0.8 ? POOL[Math.floor(rnd() * POOL.length)] : Math.floor(rnd() * 0x30000);
    if ((c < 0xd800 || c > 0xdfff) && !inSet(node.set, c)) return c;
  }
  return null;
}

function generate(node, rnd, groups, depth) {
  switch (node.t) {
    case 'chars': {
      const c = pick(node, rnd);
      return c === null ? null : String.fromCodePoint(c);
    }
    case 'seq': {
      let out = '';
      for (const it of node.items) {
        const s = generate(it, rnd, groups, depth);
        if (s === null) return null;
        out += s;
      }
      return out;
    }
    case 'alt':
      return generate(node.alts[Math.floor(rnd() * node.alts.length)], rnd, groups, depth);
    case 'rep': {
      const extra = depth > 4 ? 0 : Math.floor(rnd() * 4);
      const n = Math.min(node.max, node.min + extra);
      let out = '';
      for (let k = 0; k < n; k++) {
        const s = generate(node.body, rnd, groups, depth + 1);
        if (s === null) return k >= node.min ? out : null;
        out += s;
      }
      return out;
    }
    case 'group': {
      const s = generate(node.body, rnd, groups, depth);
      if (node.name && s !== null) groups[node.name] = s;
      return s;
    }
    case 'backref':
      return groups[node.name] || '';
    default:
      return '';
  }
}

function mutations(s, rnd) {
  const cps = Array.from(s);
  const out = [];
  const r = () => String.fromCodePoint(POOL[Math.floor(rnd() * POOL.length)]);
  if (cps.length) {
    const k = Math.floor(rnd() * cps.length);
    out.push(cps.slice(0, k).concat(cps.slice(k + 1)).join(''));
    const m = Math.floor(rnd() * cps.length);
    out.push(cps.slice(0, m).concat([r()], cps.slice(m + 1)).join(''));
  }
  const j = Math.floor(rnd() * (cps.length + 1));
  out.push(cps.slice(0, j).concat([r()], cps.slice(j)).join(''));
  out.push(s + '\n', '\n' + s, s + s);
  return out;
}

const SUFFIXES = ['!', '\n', '\n\n', ' ', '\u0000', '\u{10FFFF}', '-', '_'];

function attackStrings(matching, rnd) {
  const out = [];
  const picked = matching.slice(0, 4);
  for (const s of picked) {
    const cps = Array.from(s);
    if (cps.length === 0) continue;
    for (let t = 0; t < 4; t++) {
      const len = 1 + Math.floor(rnd() * Math.min(6, cps.length));
      const at = Math.floor(rnd() * (cps.length - len + 1));
      const head = cps.slice(0, at).join('');
      const frag = cps.slice(at, at + len).join('');
      const suffix = SUFFIXES[Math.floor(rnd() * SUFFIXES.length)];
      out.push(head + frag.repeat(30) + suffix);
      out.push(head + frag.repeat(Math.max(30, Math.floor(2000 / frag.length))) + suffix);
    }
  }
  return out;
}

const ctx = vm.createContext({ re: null, list: null, out: null });
function timed(re, list) {
  ctx.re = re;
  ctx.list = list;
  const t0 = process.hrtime.bigint();
  try {
    const res = vm.runInContext('list.map((s) => re.test(s))', ctx, { timeout: limitMs });
    return { res, ms: Number(process.hrtime.bigint() - t0) / 1e6 };
  } catch (e) {
    return { res: null, ms: Number(process.hrtime.bigint() - t0) / 1e6 };
  }
}

const out = input.jobs.map((job) => {
  let re;
  try {
    re = new RegExp(job.pattern, 'u');
  } catch (e) {
    return { error: String(e.message) };
  }
  const rnd = mulberry32(hash(job.pattern) ^ (input.seed || 0));
  const subjects = job.subjects.slice();
  if (job.generate) {
    let ast = null;
    try {
      ast = parse(job.pattern);
    } catch (e) {
      ast = null;
    }
    if (ast) {
      const seen = new Set(subjects);
      for (let k = 0; k < job.generate; k++) {
        const g = generate(ast, rnd, {}, 0);
        if (g === null) continue;
        for (const s of [g, ...mutations(g, rnd)]) {
          if (!seen.has(s)) {
            seen.add(s);
            subjects.push(s);
          }
        }
      }
    }
  }
  const run = timed(re, subjects);
  const result = { subjects, results: run.res, timeout: run.res === null };
  if (job.attack && run.res !== null) {
    const matching = subjects.filter((s, k) => run.res[k] && s.length > 0);
    const strings = attackStrings(matching, rnd);
    const a = timed(re, strings);
    result.attack = { strings: strings.length, ms: a.ms, timeout: a.res === null, subjects: strings, results: a.res };
  }
  return result;
});
fs.writeFileSync(process.argv[3], JSON.stringify(out));
