/** Reading a key out of a namespace's JSON and filling in `{{name}}` placeholders. */

/**
 * `a.b.c` walks the nested objects; a key stored flat with dots in it (`'a.b'`) is found too, as
 * with i18next's `ignoreJSONStructure`.
 */
export function readPath(tree: unknown, key: string): unknown {
  if (tree === null || typeof tree !== 'object') return undefined;
  const record = tree as Record<string, unknown>;
  if (key in record) return record[key];
  const dot = key.indexOf('.');
  // Try every split point so `a.b.c` matches `{ 'a.b': { c } }` as well as `{ a: { 'b.c' } }`.
  for (let i = dot; i > -1; i = key.indexOf('.', i + 1)) {
    const head = key.slice(0, i);
    if (head in record) {
      const found = readPath(record[head], key.slice(i + 1));
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

const PLACEHOLDER = /\{\{\s*(.+?)\s*\}\}/g;

/**
 * `{{name}}` (and `{{user.name}}`) from the options. A value that is not given leaves the placeholder
 * as written, as i18next does by default (`skipOnVariables`). No escaping: React escapes.
 * The locale files use no formats (`{{x, number}}`) and no nesting (`$t(...)`), so neither is here.
 */
export function interpolate(text: string, values: Record<string, unknown>): string {
  if (!text.includes('{{')) return text;
  return text.replace(PLACEHOLDER, (match, name: string) => {
    const value = readPath(values, name);
    return value === undefined ? match : String(value);
  });
}

/** Interpolates every string inside an array or object (for `returnObjects`). */
export function interpolateDeep(value: unknown, values: Record<string, unknown>): unknown {
  if (typeof value === 'string') return interpolate(value, values);
  if (Array.isArray(value)) return value.map((item) => interpolateDeep(item, values));
  if (value !== null && typeof value === 'object') {
    const copy: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) copy[k] = interpolateDeep(v, values);
    return copy;
  }
  return value;
}
