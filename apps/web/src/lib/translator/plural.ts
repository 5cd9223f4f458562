/**
 * Plural suffixes as i18next v4 JSON writes them (`key_one`, `key_few`, ...): the category comes
 * from Intl.PluralRules, so no rule tables ship with the storefront.
 */
const rules = new Map<string, Intl.PluralRules | null>();

function rule(language: string): Intl.PluralRules | null {
  let found = rules.get(language);
  if (found === undefined) {
    try {
      found = new Intl.PluralRules(language);
    } catch {
      // A tag Intl rejects: i18next then has no rule either and looks up the bare key only.
      found = null;
    }
    rules.set(language, found);
  }
  return found;
}

/** `_one`, `_few`, `_other`... for `count` in `language`, or '' when the language has no rule. */
export function pluralSuffix(language: string, count: number): string {
  const r = rule(language);
  return r ? `_${r.select(count)}` : '';
}
