/**
 * Finance: withdrawals waiting to be paid. Pay out on the chain, then mark paid with the
 * transaction hash (the held money leaves the wallet), or reject with a reason (it is freed).
 */
import type { WalletRecordDto } from '@mall/contract';
import type { ApiInput } from '@mall/contract/api-calls';
import type { ApiCallOf } from '@mall/contract/api-client';
import { Button, Group, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { api } from '../../lib/api.ts';
import { ask } from '../../lib/ask.ts';
import { showDone, showError } from '../../lib/errors.ts';
import { localTime } from '../../lib/format.ts';
import { UserDrawer } from '../admin/user-drawer.tsx';
import { ChainPayoutCell, payoutInProgress, usePayouts } from './chain-payout.tsx';
import { PersonCell, type RecordPerson } from './person-cell.tsx';

import { RecordListHeader, useRecordList } from './record-list.tsx';

type Row = WalletRecordDto & { userId: string; user?: RecordPerson | null; reference?: string | null };

export default function WithdrawalsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = useRecordList('withdrawals', '/api/admin/wallet/withdraw/list');
  const { query, setPageNum } = list;
  const payouts = usePayouts(query.data?.pageList);
  const [openUser, setOpenUser] = useState<string | null>(null);
  const decide = useMutation({
    mutationFn: (input: ApiCallOf<'/api/admin/wallet/withdraw/paid' | '/api/admin/wallet/withdraw/reject'>) =>
      api(input.path, input.body),
    onSuccess: () => {
      showDone(t('common.done'));
      void queryClient.invalidateQueries({ queryKey: ['withdrawals'] });
    },
    onError: showError,
  });
  const paid = async (row: Row) => {
    const values = await ask({
      title: t('withdrawals.paidTitle', { serial: row.serialNo }),
      body: t('withdrawals.paidBody', {
        amount: row.actualAmount,
        network: row.network ?? '',
        address: row.address ?? '',
      }),
      fields: [
        { name: 'txHash', label: t('records.txHash'), required: true, ltr: true },
        { name: 'remark', label: t('records.remark'), multiline: true },
      ],
    });
    if (values)
      decide.mutate({
        path: '/api/admin/wallet/withdraw/paid',
        body: { id: row.id, ...values } as ApiInput<'/api/admin/wallet/withdraw/paid'>,
      });
  };
  const reject = async (row: Row) => {
    const values = await ask({
      title: t('withdrawals.rejectTitle', { serial: row.serialNo }),
      danger: true,
      fields: [{ name: 'remark', label: t('common.reason'), required: true, multiline: true }],
    });
    if (values)
      decide.mutate({
        path: '/api/admin/wallet/withdraw/reject',
        body: { id: row.id, remark: values.remark ?? '' },
      });
  };
  return (
    <>
      <RecordListHeader
        title={t('nav.withdrawals')}
        searchLabel={t('records.searchWithdrawals')}
        list={list}
      />
      <DataTable<Row>
        rows={query.data?.pageList}
        rowKey={(r) => r.id}
        loading={query.isLoading}
        pageInfo={query.data?.pageInfo}
        onPage={setPageNum}
        sort={list.sort}
        onSort={list.setSort}
        columns={[
          // Cut to fit 1440 px beside the person (the whole number in a tooltip and in the search).
          {
            key: 'serial',
            label: t('records.serial'),
            ltr: true,
            maxWidth: 130,
            text: (r) => r.serialNo,
            render: (r) => r.serialNo,
          },
          {
            key: 'time',
            label: t('records.time'),
            ltr: true,
            sortable: true,
            render: (r) => localTime(r.time),
          },
          {
            key: 'user',
            label: t('records.user'),
            render: (r) => (
              <PersonCell
                row={r}
                onOpen={setOpenUser}
                onHistory={(reference) => {
                  list.setFilter('all');
                  list.search(reference);
                }}
              />
            ),
          },
          {
            key: 'amount',
            label: t('records.amount'),
            ltr: true,
            sortable: true,
            render: (r) => (
              <>
                <Text size="sm">{`${r.amount} USDT`}</Text>
                <Text size="xs" c="dimmed">
                  {t('withdrawals.feeAndActual', { fee: r.fee, actual: r.actualAmount })}
                </Text>
              </>
            ),
          },
          {
            key: 'address',
            label: t('records.address'),
            ltr: true,
            maxWidth: 200,
            text: (r) => r.address ?? '',
            render: (r) => `${r.network ?? ''} ${r.address ?? ''}`,
          },
          {
            key: 'tx',
            label: t('records.txHash'),
            ltr: true,
            maxWidth: 160,
            text: (r) => r.txHash ?? '',
            render: (r) => r.txHash ?? '',
          },
          {
            key: 'status',
            label: t('records.status'),
            render: (r) => (
              <>
                <StatusBadge status={r.status} />
                <ChainPayoutCell row={r} payout={payouts.data?.find((p) => p.withdrawalId === r.id)} />
              </>
            ),
          },
          {
            key: 'remark',
            label: t('records.remark'),
            maxWidth: 200,
            text: (r) => r.remark ?? '',
            render: (r) => r.remark ?? '',
          },
          {
            key: 'actions',
            label: '',
            render: (r) =>
              r.status === 'processing' &&
              !payoutInProgress(payouts.data?.find((p) => p.withdrawalId === r.id)) ? (
                <Group gap="xs" wrap="nowrap">
                  <Button size="xs" onClick={() => paid(r)} loading={decide.isPending}>
                    {t('withdrawals.markPaid')}
                  </Button>
                  <Button
                    size="xs"
                    color="red"
                    variant="light"
                    onClick={() => reject(r)}
                    loading={decide.isPending}
                  >
                    {t('common.reject')}
                  </Button>
                </Group>
              ) : null,
          },
        ]}
      />
      <UserDrawer userId={openUser} onClose={() => setOpenUser(null)} actions={() => null} />
    </>
  );
}
