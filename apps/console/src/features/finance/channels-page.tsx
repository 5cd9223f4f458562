/**
 * Finance: the ways money comes in and goes out per network (chain, bank card, gateways) with
 * their deposit addresses, rates, limits, fees and on/off, and the hours withdrawals are taken.
 * Every change is audited on the server.
 */
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { api } from '../../lib/api.ts';
import { BankAccountsCard } from './bank-accounts-card.tsx';
import { type AdminChannel, ChannelDialog } from './channel-dialog.tsx';
import { HoursCard } from './hours-card.tsx';

function OnOff({ on, min, max, coin }: { on: boolean; min: string; max: string; coin: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2} align="flex-start">
      <Badge color={on ? 'green' : 'gray'} variant="light" style={{ minWidth: 'max-content' }}>
        {t(on ? 'finance.channels.on' : 'finance.channels.off')}
      </Badge>
      {on && (
        <Text size="xs" c="dimmed" dir="ltr">
          {`${min} – ${max} ${coin}`}
        </Text>
      )}
    </Stack>
  );
}

export default function ChannelsPage() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<AdminChannel | null>(null);
  const query = useQuery({
    queryKey: ['channels'],
    queryFn: () => api('/api/admin/wallet/channels'),
  });
  return (
    <>
      <PageHeader title={t('nav.channels')} />
      <HoursCard />
      <BankAccountsCard />
      <DataTable<AdminChannel>
        rows={query.data}
        rowKey={(c) => c.code}
        loading={query.isLoading}
        columns={[
          {
            key: 'code',
            label: t('finance.channels.channel'),
            render: (c) => (
              <Stack gap={0}>
                <Text size="sm" fw={500} dir="ltr">
                  {c.code}
                </Text>
                <Text size="xs" c="dimmed">
                  {t(`finance.channels.kind.${c.kind}`)}
                  {c.network ? ` · ${c.network}` : c.region ? ` · ${c.region}` : ''}
                </Text>
              </Stack>
            ),
          },
          {
            key: 'address',
            label: t('finance.channels.address'),
            ltr: true,
            maxWidth: 220,
            text: (c) => c.depositAddress ?? '',
            render: (c) => c.depositAddress ?? '—',
          },
          {
            key: 'rate',
            label: t('finance.channels.rate'),
            ltr: true,
            render: (c) => `1 ${c.coin} = ${c.rate} USDT`,
          },
          {
            key: 'recharge',
            label: t('finance.channels.recharge'),
            render: (c) => (
              <OnOff on={c.rechargeEnabled} min={c.rechargeMin} max={c.rechargeMax} coin={c.coin} />
            ),
          },
          {
            key: 'withdraw',
            label: t('finance.channels.withdraw'),
            render: (c) => (
              <OnOff on={c.withdrawEnabled} min={c.withdrawMin} max={c.withdrawMax} coin="USDT" />
            ),
          },
          {
            key: 'fee',
            label: t('finance.channels.fee'),
            ltr: true,
            render: (c) =>
              c.withdrawEnabled
                ? `${c.withdrawFeeFixed} USDT + ${(c.withdrawFeeRateBp / 100).toFixed(2)}%`
                : '—',
          },
          {
            key: 'actions',
            label: '',
            render: (c) => (
              <Group justify="flex-end" wrap="nowrap">
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => setEditing(c)}
                  aria-label={`${t('common.edit')} ${c.code}`}
                >
                  {t('common.edit')}
                </Button>
              </Group>
            ),
          },
        ]}
      />
      {editing && <ChannelDialog channel={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
