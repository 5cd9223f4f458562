/**
 * Editing one channel: rate, limits, fees, the deposit address (chain channels) and on/off. Checked
 * here first (amounts, min ≤ max) so the operator sees the problem under its field; the server
 * checks again and its verdict lands under the same field.
 */
import { parseMoney, type WalletChannelDto } from '@mall/contract';
import { Button, Group, Modal, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '../../lib/api.ts';
import { failureText, showDone } from '../../lib/errors.ts';

export type AdminChannel = WalletChannelDto & { depositAddress: string | null };

const AMOUNTS = [
  'rate',
  'rechargeMin',
  'rechargeMax',
  'withdrawMin',
  'withdrawMax',
  'withdrawFeeFixed',
] as const;
type AmountField = (typeof AMOUNTS)[number];
type Values = Record<AmountField | 'withdrawFeeRateBp' | 'depositAddress', string> & {
  rechargeEnabled: boolean;
  withdrawEnabled: boolean;
};
type Errors = Partial<Record<keyof Values, string>>;

const valuesOf = (c: AdminChannel): Values => ({
  rate: c.rate,
  rechargeMin: c.rechargeMin,
  rechargeMax: c.rechargeMax,
  withdrawMin: c.withdrawMin,
  withdrawMax: c.withdrawMax,
  withdrawFeeFixed: c.withdrawFeeFixed,
  withdrawFeeRateBp: String(c.withdrawFeeRateBp),
  depositAddress: c.depositAddress ?? '',
  rechargeEnabled: c.rechargeEnabled,
  withdrawEnabled: c.withdrawEnabled,
});

/** Error keys (finance.channels.*) per field; empty when the form may be sent. */
export function checkChannel(v: Values, chain: boolean): Errors {
  const errors: Errors = {};
  const units: Partial<Record<AmountField, bigint>> = {};
  for (const field of AMOUNTS) {
    const parsed = parseMoney(v[field]);
    if (parsed.ok) units[field] = parsed.units;
    else errors[field] = 'invalidAmount';
  }
  if (units.rate === 0n) errors.rate = 'ratePositive';
  const over = (min: AmountField, max: AmountField) =>
    units[min] !== undefined && units[max] !== undefined && units[min] > units[max];
  if (over('rechargeMin', 'rechargeMax')) errors.rechargeMax = 'maxBelowMin';
  if (over('withdrawMin', 'withdrawMax')) errors.withdrawMax = 'maxBelowMin';
  if (!/^\d{1,5}$/.test(v.withdrawFeeRateBp.trim()) || Number(v.withdrawFeeRateBp) > 10_000) {
    errors.withdrawFeeRateBp = 'invalidBp';
  }
  if (chain && !v.depositAddress.trim()) errors.depositAddress = 'required';
  return errors;
}

export function ChannelDialog({ channel, onClose }: { channel: AdminChannel; onClose(): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const chain = channel.kind === 'chain';
  const [values, setValues] = useState(() => valuesOf(channel));
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () =>
      api('/api/admin/wallet/channel/update', {
        code: channel.code,
        ...values,
        withdrawFeeRateBp: Number(values.withdrawFeeRateBp),
        ...(chain ? { depositAddress: values.depositAddress.trim() } : { depositAddress: undefined }),
      }),
    onSuccess: () => {
      showDone(t('common.done'));
      void queryClient.invalidateQueries({ queryKey: ['channels'] });
      onClose();
    },
    onError: (error) => {
      const field = error instanceof ApiError ? (error.data as { field?: string } | null)?.field : undefined;
      const key =
        error instanceof ApiError && error.key === 'WITHDRAW_ADDRESS_FORMAT' ? 'depositAddress' : field;
      if (key && key in values) setErrors({ [key]: failureText(error) });
      else setServerError(failureText(error));
    },
  });
  const submit = () => {
    setServerError(null);
    const found = checkChannel(values, chain);
    const translated = Object.fromEntries(
      Object.entries(found).map(([k, v]) => [
        k,
        v === 'required' ? t('common.required') : t(`finance.channels.${v}`),
      ]),
    );
    setErrors(translated);
    if (Object.keys(found).length === 0) save.mutate();
  };
  const field = (name: AmountField | 'withdrawFeeRateBp', label: string) => (
    <TextInput
      label={label}
      dir="ltr"
      inputMode="decimal"
      value={values[name]}
      error={errors[name]}
      onChange={(e) => {
        const next = e.currentTarget.value;
        setValues((v) => ({ ...v, [name]: next }));
      }}
    />
  );
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('finance.channels.editTitle', { code: channel.code })}
      size="lg"
      centered
    >
      <Stack>
        {chain && (
          <TextInput
            label={t('finance.channels.depositAddress', { network: channel.network ?? '' })}
            dir="ltr"
            value={values.depositAddress}
            error={errors.depositAddress}
            onChange={(e) => {
              const next = e.currentTarget.value;
              setValues((v) => ({ ...v, depositAddress: next }));
            }}
          />
        )}
        {field('rate', t('finance.channels.rateOf', { coin: channel.coin }))}
        <Switch
          label={t('finance.channels.rechargeEnabled')}
          checked={values.rechargeEnabled}
          onChange={(e) => {
            const next = e.currentTarget.checked;
            setValues((v) => ({ ...v, rechargeEnabled: next }));
          }}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          {field('rechargeMin', t('finance.channels.rechargeMin', { coin: channel.coin }))}
          {field('rechargeMax', t('finance.channels.rechargeMax', { coin: channel.coin }))}
        </SimpleGrid>
        <Switch
          label={t('finance.channels.withdrawEnabled')}
          checked={values.withdrawEnabled}
          onChange={(e) => {
            const next = e.currentTarget.checked;
            setValues((v) => ({ ...v, withdrawEnabled: next }));
          }}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          {field('withdrawMin', t('finance.channels.withdrawMin'))}
          {field('withdrawMax', t('finance.channels.withdrawMax'))}
          {field('withdrawFeeFixed', t('finance.channels.feeFixed'))}
          {field('withdrawFeeRateBp', t('finance.channels.feeBp'))}
        </SimpleGrid>
        {serverError && (
          <Text c="red" size="sm">
            {serverError}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
