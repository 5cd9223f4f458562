/** A phone number with its country calling code: the searchable country list beside the number. */
import type { CountryDto } from '@mall/contract';
import { TextInput } from '@mantine/core';
import { useTranslation } from '../../../lib/translator/react.ts';
import { CountrySelect } from './country-select.tsx';

export function PhoneField({
  country,
  onCountry,
  phone,
  onPhone,
  countryError,
  phoneError,
  phoneLabel,
}: {
  country: CountryDto | null;
  onCountry(country: CountryDto | null): void;
  phone: string;
  onPhone(phone: string): void;
  countryError?: string | undefined;
  phoneError?: string | undefined;
  phoneLabel?: string;
}) {
  const { t } = useTranslation('account');
  return (
    <div className="account-phone">
      <CountrySelect
        className="account-phone-country"
        label={t('field.areaCode')}
        mode="areaCode"
        value={country?.code ?? null}
        onChange={onCountry}
        error={countryError}
        required
        name="areaCode"
      />
      <TextInput
        className="account-phone-number"
        label={phoneLabel ?? t('field.phone')}
        value={phone}
        onChange={(event) => onPhone(event.currentTarget.value)}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        dir="ltr"
        required
        error={phoneError}
        name="phone"
      />
    </div>
  );
}
