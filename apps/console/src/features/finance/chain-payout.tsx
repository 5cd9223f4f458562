/**
 * Finance's view of withdrawals paid on the chain (issue 29): each row's payout status, its
 * transaction hash with a link to the network's explorer, the approvals so far, and the approve
 * button (a second, different operator is needed above the brand's threshold).
 */
import type { PayoutViewDto as PayoutView, WalletRecordDto } from '@mall/contract';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { ask } from '../../lib/ask.ts';
import { showDone, showError } from '../../lib/errors.ts';

export type { PayoutView };

const COLORS: Record<string, string> = {
  manual: 'gray',
  queued: 'blue',
  limited: 'orange',
  signed: 'blue',
  broadcast: 'cyan',
  confirmed: 'green',
  reverted: 'red',
  refused: 'red',
};

/** The chain is paying it (or about to): no hand may mark it paid or reject it (the server refuses). */
export function payoutInProgress(payout: PayoutView | undefined): boolean {
  return payout !== undefined && !['manual', 'refused', 'reverted'].includes(payout.status);
}

/** The payouts of the withdrawals on the page, one call for all of them. */
export function usePayouts(rows: readonly WalletRecordDto[] | undefined) {
  const ids = (rows ?? []).map((r) => r.id).join(',');
  return useQuery({
    queryKey: ['withdrawals', 'payouts', ids],
    queryFn: () => api('/api/admin/wallet/withdraw/payouts', { ids }),
    enabled: ids.length > 0,
  });
}

export function ChainPayoutCell({ row, payout }: { row: WalletRecordDto; payout: PayoutView | undefined }) {
  const { t } = useTranslation('console-chain');
  const queryClient = useQueryClient();
  const approve = useMutation({
    mutationFn: () => api('/api/admin/wallet/withdraw/approve', { id: row.id }),
    onSuccess: () => {
      showDone(t('approve'));
      void queryClient.invalidateQueries({ queryKey: ['withdrawals'] });
    },
    onError: showError,
  });
  if (!payout || row.network !== 'ERC20') return null;
  const onApprove = async () => {
    const ok = await ask({
      title: t('approveTitle', { serial: row.serialNo }),
      body: t('approveBody', { amount: row.actualAmount, address: row.address ?? '' }),
      fields: [],
    });
    if (ok) approve.mutate();
  };
  const waiting = row.status === 'processing' && payout.status === 'manual';
  return (
    <Stack gap={4} align="flex-start" mt={6}>
      {/* Text, not a badge: the longer languages' statuses would be cut off in a badge. */}
      <Text size="xs" fw={700} c={COLORS[payout.status] ?? 'gray'}>
        {t(`status.${payout.status}`)}
      </Text>
      {payout.txHash && payout.explorerUrl && (
        <Anchor href={payout.explorerUrl} target="_blank" rel="noreferrer" size="xs">
          <bdi dir="ltr" style={{ whiteSpace: 'nowrap' }}>
            {`${payout.txHash.slice(0, 10)}…${payout.txHash.slice(-6)}`}
          </bdi>
          {` · ${t('explorer')}`}
        </Anchor>
      )}
      {payout.reason && (
        <Text size="xs" c="dimmed">
          {payout.reason}
        </Text>
      )}
      {waiting && (
        <>
          <Text size="xs">{t('approvals', { n: payout.approvals, needed: payout.approvalsNeeded })}</Text>
          <Button size="xs" variant="light" onClick={onApprove} loading={approve.isPending}>
            {t('approve')}
          </Button>
        </>
      )}
    </Stack>
  );
}
