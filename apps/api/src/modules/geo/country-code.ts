/** A country's ISO code from its code or English name, as addresses store the name (post-code formats). */
import { Country } from 'country-state-city';

let byKey: Map<string, string> | undefined;

export function countryCodeOf(codeOrName: string): string | undefined {
  byKey ??= new Map(
    Country.getAllCountries().flatMap((c): [string, string][] => [
      [c.isoCode.toLowerCase(), c.isoCode],
      [c.name.toLowerCase(), c.isoCode],
    ]),
  );
  return byKey.get(codeOrName.trim().toLowerCase());
}
