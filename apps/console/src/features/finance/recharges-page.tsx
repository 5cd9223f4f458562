/**
 * Finance: recharge claims (chain and bank card). Look at the proof, then approve with the amount
 * that really arrived (under- and over-payments stay visible: claimed beside credited) or reject,
 * each with a reason. The server decides each claim once, whoever clicks first.
 */
import type { WalletRecordDto } from '@mall/contract';
import type { ApiInput } from '@mall/contract/api-calls';
import type { ApiCallOf } from '@mall/contract/api-client';
import { Anchor, Button, Group, Image, Modal, Stack, Text } from '@mantine/core';
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
import { PersonCell, type RecordPerson } from './person-cell.tsx';
import { RecordListHeader, useRecordList } from './record-list.tsx';

/** A chain claim's hash; a bank claim's deposit reference first (what finance matches), then the card. */
const referenceText = (r: Row): string =>
  r.txHash ??
  (r.bankName ? `${r.reference ? `${r.reference} · ` : ''}${r.bankName} ${r.cardNumber ?? ''}` : '');

type Row = WalletRecordDto & { userId: string; user?: RecordPerson | null; reference?: string | null };

export default function RechargesPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = useRecordList('recharges', '/api/admin/wallet/recharge/list');
  const { query, setPageNum } = list;
  const [openUser, setOpenUser] = useState<string | null>(null);
  const [proof, setProof] = useState<string | null>(null);
  const decide = useMutation({
    mutationFn: (
      input: ApiCallOf<'/api/admin/wallet/recharge/approve' | '/api/admin/wallet/recharge/reject'>,
    ) => api(input.path, input.body),
    onSuccess: () => {
      showDone(t('common.done'));
      void queryClient.invalidateQueries({ queryKey: ['recharges'] });
    },
    onError: showError,
  });

  const approve = async (row: Row) => {
    const values = await ask({
      title: t('recharges.approveTitle', { serial: row.serialNo }),
      body: t('recharges.approveBody', { amount: row.amount, currency: row.currency, rate: row.rate }),
      fields: [
        {
          name: 'amountReceived',
          label: t('recharges.amountReceived', { currency: row.currency }),
          required: true,
          initial: row.amount,
          ltr: true,
        },
        { name: 'remark', label: t('common.reason'), required: true, multiline: true },
      ],
    });
    if (values)
      decide.mutate({
        path: '/api/admin/wallet/recharge/approve',
        body: { id: row.id, ...values } as ApiInput<'/api/admin/wallet/recharge/approve'>,
      });
  };
  const reject = async (row: Row) => {
    const values = await ask({
      title: t('recharges.rejectTitle', { serial: row.serialNo }),
      danger: true,
      fields: [{ name: 'remark', label: t('common.reason'), required: true, multiline: true }],
    });
    if (values)
      decide.mutate({
        path: '/api/admin/wallet/recharge/reject',
        body: { id: row.id, remark: values.remark ?? '' },
      });
  };

  return (
    <>
      <RecordListHeader title={t('nav.recharges')} searchLabel={t('records.searchRecharges')} list={list} />
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
            key: 'channel',
            label: t('records.channel'),
            render: (r) => `${r.channel}${r.network ? ` · ${r.network}` : ''}`,
          },
          {
            key: 'amount',
            label: t('records.amount'),
            ltr: true,
            sortable: true,
            render: (r) => (
              <Stack gap={0}>
                <Text size="sm">{`${r.amount} ${r.currency}`}</Text>
                {r.status === 'success' && (
                  <Text
                    size="xs"
                    c={r.actualAmount === r.amount || r.currency !== 'USDT' ? 'dimmed' : 'orange'}
                  >
                    {t('records.credited', { amount: r.actualAmount })}
                  </Text>
                )}
              </Stack>
            ),
          },
          {
            key: 'ref',
            label: t('records.reference'),
            ltr: true,
            maxWidth: 180,
            text: (r) => referenceText(r),
            render: (r) => referenceText(r),
          },
          {
            key: 'proof',
            label: t('records.proof'),
            render: (r) =>
              r.proofUrl ? (
                <Anchor component="button" onClick={() => setProof(r.proofUrl)}>
                  {t('records.viewProof')}
                </Anchor>
              ) : (
                ''
              ),
          },
          { key: 'status', label: t('records.status'), render: (r) => <StatusBadge status={r.status} /> },
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
              r.status === 'processing' ? (
                <Group gap="xs" wrap="nowrap">
                  <Button size="xs" onClick={() => approve(r)} loading={decide.isPending}>
                    {t('common.approve')}
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
      <Modal
        opened={proof !== null}
        onClose={() => setProof(null)}
        title={t('records.proof')}
        size="lg"
        centered
      >
        {proof && <Image src={proof} alt={t('records.proof')} fit="contain" mah="70vh" />}
      </Modal>
      <UserDrawer userId={openUser} onClose={() => setOpenUser(null)} actions={() => null} />
    </>
  );
}
