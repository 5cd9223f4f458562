/**
 * A wallet's statement in the console (issue 26): the same statement the user sees on the
 * storefront (modules/statement), from /api/admin/user/statement for staff looking at a user, or
 * /api/wallet/statement for a seller's own wallet. Opening, money in and out, closing, and every
 * movement with its balance after and source; a type filter unless fixed by the caller.
 */
import type { StatementRowDto, StatementType } from '@mall/contract';
import { Anchor, Group, NativeSelect, Paper, SimpleGrid, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table.tsx';
import { api } from '../../lib/api.ts';
import { money } from '../../lib/format.ts';

const TYPES: readonly StatementType[] = [
  'deposit',
  'payout',
  'fee',
  'hold',
  'hold_returned',
  'order_payment',
  'refund',
  'settlement',
  'loan_disbursement',
  'loan_repayment',
  'loan_interest',
  'adjustment',
  'other_in',
  'other_out',
];

const PAGE = 20;

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder p="xs">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} dir="ltr" ta="start" size="sm">
        {value}
      </Text>
    </Paper>
  );
}

export function WalletStatement({ userId, type: fixedType }: { userId?: string; type?: StatementType }) {
  const { t } = useTranslation('console-statement');
  const [pageNum, setPageNum] = useState(1);
  const [chosen, setChosen] = useState<StatementType | ''>('');
  const type = fixedType ?? (chosen || undefined);
  const query = useQuery({
    queryKey: ['statement', userId ?? 'own', type ?? '', pageNum],
    queryFn: () =>
      api(userId ? '/api/admin/user/statement' : '/api/wallet/statement', {
        ...(userId ? { userId } : {}),
        ...(type ? { type } : {}),
        pageNum,
        pageSize: PAGE,
      }),
    placeholderData: keepPreviousData,
  });
  const d = query.data;
  const time = (ms: number) => new Date(ms).toLocaleString();
  return (
    <div data-testid="wallet-statement">
      <Text fw={500} mb="xs">
        {t('title')}
      </Text>
      {d && (
        <SimpleGrid cols={{ base: 2, sm: 4 }} mb="xs">
          <Figure label={t('opening')} value={money(d.opening.balance)} />
          <Figure label={t('moneyIn')} value={money(d.moneyIn)} />
          <Figure label={t('moneyOut')} value={money(d.moneyOut)} />
          <Figure label={t('closing')} value={money(d.closing.balance)} />
        </SimpleGrid>
      )}
      {d && d.holds.length > 0 && (
        <Text size="sm" mb="xs">
          {`${t('heldNow')}: `}
          <span dir="ltr">{money(d.held)}</span>
        </Text>
      )}
      {!fixedType && (
        <Group mb="xs">
          <NativeSelect
            size="xs"
            label={t('filterType')}
            value={chosen}
            onChange={(e) => {
              setChosen(e.currentTarget.value as StatementType | '');
              setPageNum(1);
            }}
            data={[
              { value: '', label: t('allTypes') },
              ...TYPES.map((k) => ({ value: k, label: t(`type.${k}`) })),
            ]}
          />
        </Group>
      )}
      <DataTable<StatementRowDto>
        rows={d?.pageList}
        rowKey={(r) => r.id}
        loading={query.isLoading}
        pageInfo={d?.pageInfo}
        onPage={setPageNum}
        empty={t('empty')}
        columns={[
          { key: 'at', label: t('time'), ltr: true, render: (r) => time(r.at) },
          { key: 'type', label: t('type.label'), render: (r) => t(`type.${r.type}`) },
          {
            key: 'amount',
            label: t('amount'),
            ltr: true,
            render: (r) => (r.amount === '0' ? `${t('held')} ${money(r.held)}` : money(r.amount)),
          },
          { key: 'after', label: t('balanceAfter'), ltr: true, render: (r) => money(r.balanceAfter) },
          {
            key: 'source',
            label: t('source'),
            ltr: true,
            render: (r) => (
              <>
                {r.source
                  ? `${r.source.serialNo ?? r.source.id}${r.commission ? ` (${t('commission')} ${money(r.commission)})` : ''}`
                  : '-'}
                {r.txHash && (
                  <Text size="xs" c="dimmed" data-testid="statement-tx">
                    {r.explorerUrl ? (
                      <Anchor
                        href={r.explorerUrl}
                        target="_blank"
                        rel="noreferrer"
                        title={r.txHash}
                        size="xs"
                      >
                        {`${r.txHash.slice(0, 8)}…${r.txHash.slice(-6)}`}
                      </Anchor>
                    ) : (
                      <span title={r.txHash}>{`${r.txHash.slice(0, 8)}…${r.txHash.slice(-6)}`}</span>
                    )}
                  </Text>
                )}
              </>
            ),
          },
        ]}
      />
    </div>
  );
}
