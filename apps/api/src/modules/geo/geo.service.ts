/**
 * Countries (with calling codes), states and cities from `country-state-city` (a maintained npm
 * package of the public countries-states-cities database), loaded once and answered from memory.
 * Names are English, as the package ships them; flags are emoji.
 */
import { createRequire } from 'node:module';
import type { CityDto, CountryDto, StateDto } from '@mall/contract';
import type * as Geo from 'country-state-city';

// Its 8 MB of data load on the first geography question, not at every start (a second under load).
let geo: typeof Geo | undefined;
const load = () => {
  geo ??= createRequire(import.meta.url)('country-state-city') as typeof Geo;
  return geo;
};
const Country = {
  getAllCountries: () => load().Country.getAllCountries(),
  getCountryByCode: (code: string) => load().Country.getCountryByCode(code),
};
const State = { getStatesOfCountry: (code: string) => load().State.getStatesOfCountry(code) };
const City = { getCitiesOfState: (code: string, state: string) => load().City.getCitiesOfState(code, state) };

export class GeoService {
  private countries: CountryDto[] | undefined;
  private readonly states = new Map<string, StateDto[]>();
  private readonly cities = new Map<string, CityDto[]>();

  listCountries(): CountryDto[] {
    this.countries ??= Country.getAllCountries().map((c) => ({
      code: c.isoCode,
      name: c.name,
      areaCode: c.phonecode.replace(/^\+/, ''),
      flag: c.flag,
    }));
    return this.countries;
  }

  /** A country's English name from its ISO code or its name (any case), or undefined. */
  countryName(codeOrName: string): string | undefined {
    const wanted = codeOrName.trim().toLowerCase();
    return this.listCountries().find(
      (c) => c.code.toLowerCase() === wanted || c.name.toLowerCase() === wanted,
    )?.name;
  }

  /** Undefined for an unknown country code. */
  listStates(countryCode: string): StateDto[] | undefined {
    const code = countryCode.toUpperCase();
    if (!Country.getCountryByCode(code)) return undefined;
    let out = this.states.get(code);
    if (!out) {
      out = State.getStatesOfCountry(code).map((s) => ({
        code: s.isoCode,
        name: s.name,
        countryCode: s.countryCode,
      }));
      this.states.set(code, out);
    }
    return out;
  }

  /** Cities of a state; undefined for an unknown country or state. */
  listCities(countryCode: string, stateCode: string): CityDto[] | undefined {
    const code = countryCode.toUpperCase();
    const states = this.listStates(code);
    if (!states?.some((s) => s.code === stateCode)) return undefined;
    const key = `${code}/${stateCode}`;
    let out = this.cities.get(key);
    if (!out) {
      out = (City.getCitiesOfState(code, stateCode) ?? []).map((c) => ({
        name: c.name,
        stateCode: c.stateCode,
        countryCode: c.countryCode,
      }));
      this.cities.set(key, out);
    }
    return out;
  }
}
