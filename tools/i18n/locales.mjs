// Translation workflow helpers. English (en.json) is the source of every namespace under
// packages/i18n/locales/<namespace>/. Two commands:
//   node tools/i18n/locales.mjs missing [lang] [namespace]  prints, as JSON, the English text of
//       every key a locale lacks: {"<namespace>": {"<lang>": {"a.b": "English"}}}
//   node tools/i18n/locales.mjs merge <lang> <namespace> <file.json>  merges a flat or nested
//       JSON of translations into the locale, writing keys in the English file's order and dropping
//       keys English no longer has.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../packages/i18n/locales/', import.meta.url));
const LANGS = 'en zh-CN zh-TW ja de ms af th el pt es fr ru it tr ko ph ar id hi vi'.split(' ');

const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {});

function flatten(value, prefix = '', out = new Map()) {
  if (typeof value === 'string') out.set(prefix, value);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  return out;
}

/** Rebuilds `shape` (the English tree) with texts from `flat`; missing keys are left out. */
function rebuild(shape, flat, prefix = '') {
  if (typeof shape === 'string') return flat.get(prefix);
  const isArray = Array.isArray(shape);
  const out = isArray ? [] : {};
  for (const [k, v] of Object.entries(shape)) {
    const value = rebuild(v, flat, prefix ? `${prefix}.${k}` : k);
    if (value === undefined) continue;
    if (isArray) out.push(value);
    else out[k] = value;
  }
  return out;
}

const namespaces = () => readdirSync(root).filter((d) => existsSync(join(root, d, 'en.json')));

const [command, ...args] = process.argv.slice(2);
if (command === 'missing') {
  const [onlyLang, onlyNs] = args;
  const report = {};
  for (const ns of namespaces()) {
    if (onlyNs && ns !== onlyNs) continue;
    const en = flatten(read(join(root, ns, 'en.json')));
    for (const lang of LANGS) {
      if (lang === 'en' || (onlyLang && lang !== onlyLang)) continue;
      const have = flatten(read(join(root, ns, `${lang}.json`)));
      const missing = Object.fromEntries([...en].filter(([k]) => !have.get(k)?.trim()));
      if (Object.keys(missing).length === 0) continue;
      report[ns] ??= {};
      report[ns][lang] = missing;
    }
  }
  console.log(JSON.stringify(report, null, 2));
} else if (command === 'merge') {
  const [lang, ns, file] = args;
  if (!LANGS.includes(lang) || !ns || !file) {
    console.error('usage: merge <lang> <namespace> <file.json>');
    process.exit(2);
  }
  const target = join(root, ns, `${lang}.json`);
  const flat = flatten(read(target));
  const incoming = flatten(read(file));
  for (const [k, v] of incoming) flat.set(k, v);
  // English is the source: new English keys extend its shape (appended, nested by their dots);
  // every other language is rebuilt in English's shape and order.
  const shape = read(join(root, ns, 'en.json'));
  if (lang === 'en') {
    for (const [k, v] of incoming) {
      const parts = k.split('.');
      let node = shape;
      for (const part of parts.slice(0, -1)) {
        if (typeof node[part] !== 'object' || node[part] === null) node[part] = {};
        node = node[part];
      }
      node[parts.at(-1)] = v;
    }
  }
  writeFileSync(target, `${JSON.stringify(rebuild(shape, flat), null, 2)}\n`);
  console.log(`merged into ${target}`);
} else {
  console.error('usage: locales.mjs missing [lang] [namespace] | merge <lang> <namespace> <file.json>');
  process.exit(2);
}
