/**
 * A searchable list of countries from `api/country/list`: by name, ISO code or calling code
 * ("971", "+971", "AE"). As an area-code picker each option shows its calling code; as a nation
 * picker only the name. The flag is decoration (emoji, hidden from screen readers).
 */
import type { CountryDto } from '@mall/contract';
import { type ComboboxItem, type OptionsFilter, Select } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from '../../../lib/translator/react.ts';
import { useCountries } from '../api/account-api.ts';
import { regionName } from '../lib/region-names.ts';
import { callingCode } from '../lib/validation.ts';

interface Props {
  label: string;
  value: string | null;
  onChange(country: CountryDto | null): void;
  /** 'areaCode' shows "+971" beside each name. */
  mode: 'areaCode' | 'nation';
  error?: string | undefined;
  required?: boolean;
  name?: string;
  className?: string;
}

const normalise = (text: string) => text.toLocaleLowerCase().replace(/[+\s()-]/g, '');

interface Entry {
  country: CountryDto;
  /** In the user's language. */
  name: string;
}

export function CountrySelect({ label, value, onChange, mode, error, required, name, className }: Props) {
  const { t, i18n } = useTranslation('account');
  const countries = useCountries();
  const list = countries.data;
  const lang = i18n.language;
  const entries = useMemo(() => {
    const collator = new Intl.Collator(lang);
    return (list ?? [])
      .map((country): Entry => ({ country, name: regionName(country.code, country.name) }))
      .sort((a, b) => collator.compare(a.name, b.name));
  }, [list, lang]);
  const byCode = useMemo(() => new Map(entries.map((e) => [e.country.code, e])), [entries]);
  const data = useMemo(
    () =>
      entries.map(({ country, name }) => ({
        value: country.code,
        label: mode === 'areaCode' ? `${name} (+${callingCode(country.areaCode)})` : name,
      })),
    [entries, mode],
  );
  const filter: OptionsFilter = ({ options, search }) => {
    const wanted = normalise(search);
    if (!wanted) return options;
    return (options as ComboboxItem[]).filter((option) => {
      const entry = byCode.get(option.value);
      if (!entry) return false;
      return (
        normalise(entry.name).includes(wanted) ||
        normalise(entry.country.name).includes(wanted) ||
        entry.country.code.toLowerCase() === wanted ||
        (mode === 'areaCode' && normalise(entry.country.areaCode).startsWith(wanted))
      );
    });
  };

  return (
    <Select
      className={className}
      label={label}
      name={name}
      placeholder={countries.isPending ? t('common.loading') : t('country.placeholder')}
      data={data}
      value={value}
      onChange={(code) => onChange(code ? (byCode.get(code)?.country ?? null) : null)}
      searchable
      filter={filter}
      nothingFoundMessage={t('country.nothingFound')}
      maxDropdownHeight={280}
      limit={300}
      error={countries.isError ? t('common.loadFailed') : error}
      required={required}
      disabled={countries.isPending}
      comboboxProps={{ withinPortal: true }}
      renderOption={({ option }) => {
        const entry = byCode.get(option.value);
        const country = entry?.country;
        return (
          <span className="account-country-option">
            <span aria-hidden="true" className="account-flag">
              {country?.flag}
            </span>
            <span className="account-country-name">{entry?.name}</span>
            {mode === 'areaCode' && country && (
              <bdi dir="ltr" className="account-country-code">
                +{country.areaCode}
              </bdi>
            )}
          </span>
        );
      }}
    />
  );
}
