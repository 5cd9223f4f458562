/** JSON Schema (as z.toJSONSchema writes it) to a TypeScript type, for the generated call map. */
type Schema = Record<string, unknown>;

/**
 * Inputs travel as query strings and form fields too, and the server coerces them: an input number
 * may be sent as its decimal text, a flag as '1'/'0'/'true'/'false'.
 */
let asInput = false;
export function inputType(schema: Schema | undefined, indent = ''): string {
  asInput = true;
  try {
    return tsType(schema, indent);
  } finally {
    asInput = false;
  }
}

const quoteKey = (key: string) => (/^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key));
const refName = (ref: string) => ref.replace('#/components/schemas/', '');

export function tsType(schema: Schema | undefined, indent = ''): string {
  if (!schema || Object.keys(schema).filter((k) => k !== 'description' && k !== 'default').length === 0)
    return 'unknown';
  if (typeof schema.$ref === 'string') return refName(schema.$ref);
  if ('const' in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  const union = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (union) return union.map((s) => wrap(tsType(s, indent))).join(' | ');
  if (Array.isArray(schema.allOf))
    return (schema.allOf as Schema[]).map((s) => wrap(tsType(s, indent))).join(' & ');
  if (Array.isArray(schema.type)) {
    return (schema.type as string[]).map((type) => tsType({ ...schema, type }, indent)).join(' | ');
  }
  switch (schema.type) {
    case 'string':
      return 'string';
    case 'number':
    case 'integer':
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the generated type is a template literal type.
      return asInput ? 'number | `${number}`' : 'number';
    case 'boolean':
      return asInput ? "boolean | '0' | '1' | 'true' | 'false'" : 'boolean';
    case 'null':
      return 'null';
    case 'array': {
      const prefix = schema.prefixItems as Schema[] | undefined;
      if (prefix) return `[${prefix.map((s) => tsType(s, indent)).join(', ')}]`;
      return `${wrap(tsType(schema.items as Schema, indent))}[]`;
    }
    case 'object':
      return objectType(schema, indent);
    default:
      return 'unknown';
  }
}

function wrap(type: string): string {
  return /[|&]/.test(type) && !/^[{[]/.test(type) ? `(${type})` : type;
}

function objectType(schema: Schema, indent: string): string {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema.required ?? []) as string[]);
  const inner = `${indent}  `;
  const lines = Object.entries(properties).map(
    ([key, value]) => `${inner}${quoteKey(key)}${required.has(key) ? '' : '?'}: ${tsType(value, inner)};`,
  );
  const extra = schema.additionalProperties;
  if (extra && typeof extra === 'object')
    lines.push(`${inner}[key: string]: ${tsType(extra as Schema, inner)};`);
  if (schema.propertyNames && typeof extra === 'object' && lines.length === 1) {
    return `Partial<Record<${tsType(schema.propertyNames as Schema)}, ${tsType(extra as Schema, inner)}>>`;
  }
  return lines.length ? `{\n${lines.join('\n')}\n${indent}}` : 'Record<string, never>';
}
