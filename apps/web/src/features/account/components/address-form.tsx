/**
 * One shipping address: consignee, e-mail, country → state → city (lists from the server; a free
 * field where a country has no states or a state no cities), detailed address, postcode, phone with
 * its calling code, and whether it is the default. Checks of SPEC §5 before saving.
 */
import type { AddressDto, CountryDto } from '@mall/contract';
import { Button, Checkbox, Select, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { failureText } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/translator/react.ts';
import { type AddressInput, useCities, useCountries, useStates } from '../api/account-api.ts';
import { useProblemText } from '../lib/problem-text.ts';
import {
  type AddressFields,
  addressProblems,
  callingCode,
  type Problem,
  phoneDigits,
} from '../lib/validation.ts';
import { FormAlert } from './auth-layout.tsx';
import { CountrySelect } from './country-select.tsx';
import { PhoneField } from './phone-field.tsx';

type Field = keyof AddressFields;

export function AddressForm({
  initial,
  forceDefault,
  saving,
  onSave,
  onCancel,
}: {
  initial: AddressDto | null;
  /** The first address is always the default. */
  forceDefault: boolean;
  saving: boolean;
  onSave(input: AddressInput): Promise<unknown>;
  onCancel(): void;
}) {
  const { t } = useTranslation('account');
  const problemText = useProblemText();
  const countries = useCountries();
  const [name, setName] = useState(initial?.name ?? '');
  const [email, setEmail] = useState(initial?.email ?? '');
  const [nation, setNation] = useState(initial?.nation ?? '');
  const [state, setState] = useState(initial?.state ?? '');
  const [city, setCity] = useState(initial?.city ?? '');
  const [postCode, setPostCode] = useState(initial?.postCode ?? '');
  const [address, setAddress] = useState(initial?.address ?? '');
  const [areaCountry, setAreaCountry] = useState<CountryDto | null>(null);
  const [areaCode, setAreaCode] = useState(initial?.areaCode ?? '');
  const [phone, setPhone] = useState(initial?.phone ?? '');
  const [makeDefault, setMakeDefault] = useState(forceDefault || initial?.use === 1);
  const [problems, setProblems] = useState<Partial<Record<Field, Problem>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const first = useRef<HTMLInputElement>(null);

  useEffect(() => {
    first.current?.focus();
  }, []);

  const list = countries.data;
  const country = useMemo(() => list?.find((c) => c.name === nation) ?? null, [list, nation]);
  const states = useStates(country?.code);
  const stateList = states.data;
  const stateCode = stateList?.find((s) => s.name === state)?.code;
  const cities = useCities(country?.code, stateCode);

  // The calling code shown for an address being edited: its own country's when it matches.
  useEffect(() => {
    if (!list || areaCountry || !areaCode) return;
    const own = list.find((c) => c.name === nation && callingCode(c.areaCode) === areaCode);
    setAreaCountry(own ?? list.find((c) => callingCode(c.areaCode) === areaCode) ?? null);
  }, [list, areaCountry, areaCode, nation]);

  const clear = (field: Field) => setProblems((p) => ({ ...p, [field]: undefined }));

  const stateData = useMemo(() => {
    const seen = new Set<string>();
    return (stateList ?? [])
      .filter((s) => !seen.has(s.name) && seen.add(s.name))
      .map((s) => ({ value: s.name, label: s.name }));
  }, [stateList]);
  const cityData = useMemo(
    () => [...new Set((cities.data ?? []).map((c) => c.name))].map((n) => ({ value: n, label: n })),
    [cities.data],
  );
  const noStates = Boolean(country) && (states.isError || (states.isSuccess && stateData.length === 0));
  const noCities =
    noStates || (Boolean(stateCode) && (cities.isError || (cities.isSuccess && cityData.length === 0)));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const values: AddressFields = {
      name: name.trim(),
      email: email.trim(),
      areaCode,
      phone: phoneDigits(phone),
      nation: nation.trim(),
      state: state.trim(),
      city: city.trim(),
      postCode: postCode.trim(),
      address: address.trim(),
    };
    const found = addressProblems(values, country?.code);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    try {
      await onSave({ ...values, use: makeDefault ? 1 : 0 });
    } catch (error) {
      setFailure(failureText(error));
    }
  };

  const stateField = noStates ? (
    <TextInput
      label={t('address.state')}
      value={state}
      onChange={(event) => {
        setState(event.currentTarget.value);
        clear('state');
      }}
      required
      maxLength={64}
      error={problemText(problems.state)}
      name="state"
    />
  ) : (
    <Select
      label={t('address.state')}
      placeholder={country ? t('address.pickState') : t('address.pickCountryFirst')}
      data={stateData}
      value={stateData.some((s) => s.value === state) ? state : null}
      onChange={(value) => {
        setState(value ?? '');
        setCity('');
        clear('state');
      }}
      searchable
      disabled={!country || states.isPending}
      nothingFoundMessage={t('country.nothingFound')}
      maxDropdownHeight={260}
      required
      error={problemText(problems.state)}
      name="state"
    />
  );

  const cityField = noCities ? (
    <TextInput
      label={t('address.city')}
      value={city}
      onChange={(event) => {
        setCity(event.currentTarget.value);
        clear('city');
      }}
      required
      maxLength={64}
      error={problemText(problems.city)}
      name="city"
    />
  ) : (
    <Select
      label={t('address.city')}
      placeholder={stateCode ? t('address.pickCity') : t('address.pickStateFirst')}
      data={cityData}
      value={cityData.some((c) => c.value === city) ? city : null}
      onChange={(value) => {
        setCity(value ?? '');
        clear('city');
      }}
      searchable
      limit={200}
      disabled={!stateCode || cities.isPending}
      nothingFoundMessage={t('country.nothingFound')}
      maxDropdownHeight={260}
      required
      error={problemText(problems.city)}
      name="city"
    />
  );

  return (
    <form className="account-form account-address-form" onSubmit={onSubmit} noValidate>
      <div className="account-grid-2">
        <TextInput
          ref={first}
          label={t('address.name')}
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            clear('name');
          }}
          autoComplete="name"
          required
          maxLength={64}
          error={problemText(problems.name)}
          name="name"
        />
        <TextInput
          label={t('field.email')}
          value={email}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            clear('email');
          }}
          type="email"
          autoComplete="email"
          dir="ltr"
          required
          maxLength={64}
          error={problemText(problems.email)}
          name="email"
        />
      </div>
      <div className="account-grid-3">
        <CountrySelect
          label={t('address.nation')}
          mode="nation"
          value={country?.code ?? null}
          onChange={(c) => {
            setNation(c?.name ?? '');
            setState('');
            setCity('');
            clear('nation');
            if (c && !phone.trim()) {
              setAreaCountry(c);
              setAreaCode(callingCode(c.areaCode));
            }
          }}
          required
          error={problemText(problems.nation)}
          name="nation"
        />
        {stateField}
        {cityField}
      </div>
      <Textarea
        label={t('address.address')}
        value={address}
        onChange={(event) => {
          setAddress(event.currentTarget.value);
          clear('address');
        }}
        autoComplete="street-address"
        autosize
        minRows={2}
        maxRows={4}
        required
        maxLength={255}
        error={problemText(problems.address)}
        name="address"
      />
      <div className="account-grid-2 is-uneven">
        <TextInput
          label={t('address.postCode')}
          value={postCode}
          onChange={(event) => {
            setPostCode(event.currentTarget.value);
            clear('postCode');
          }}
          autoComplete="postal-code"
          dir="ltr"
          required
          maxLength={32}
          error={problemText(problems.postCode)}
          name="postCode"
        />
        <PhoneField
          country={areaCountry}
          onCountry={(c) => {
            setAreaCountry(c);
            setAreaCode(c ? callingCode(c.areaCode) : '');
            clear('areaCode');
          }}
          phone={phone}
          onPhone={(value) => {
            setPhone(value);
            clear('phone');
          }}
          countryError={problemText(problems.areaCode)}
          phoneError={problemText(problems.phone)}
        />
      </div>
      <Checkbox
        checked={makeDefault}
        disabled={forceDefault || initial?.use === 1}
        onChange={(event) => setMakeDefault(event.currentTarget.checked)}
        label={forceDefault ? t('address.firstIsDefault') : t('address.makeDefault')}
        name="use"
      />
      <FormAlert>{failure && <p>{failure}</p>}</FormAlert>
      <div className="account-actions">
        <Button type="button" variant="default" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={saving}>
          {t('address.save')}
        </Button>
      </div>
    </form>
  );
}
