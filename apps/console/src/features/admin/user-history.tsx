/**
 * The user view's history lists (issue 26): the latest loans, deposits, withdrawals and audit
 * entries, each with the total it is taken from, read by `/api/admin/user/detail` from the owning
 * modules. One compact row per record, so the drawer stays one column at any width.
 */
import type { AdminUserDetailDto } from '@mall/contract';
import { Divider, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { localTime, money } from '../../lib/format.ts';

function Section<T>({
  title,
  testId,
  total,
  list,
  row,
}: {
  title: string;
  testId: string;
  total: number;
  list: T[];
  row(item: T): ReactNode;
}) {
  const { t } = useTranslation('console-underwriting');
  return (
    <Stack gap={4} data-testid={testId}>
      <Divider />
      <Text fw={500}>{`${title} (${total})`}</Text>
      {list.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('none')}
        </Text>
      ) : (
        list.map(row)
      )}
    </Stack>
  );
}

/** Serial or time on the start side, what happened in the middle, the amount at the end. */
function Line({ start, middle, end }: { start: ReactNode; middle: ReactNode; end?: ReactNode }) {
  return (
    // One line where there is room; on a phone the details wrap under the serial.
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Text size="sm" dir="ltr" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {start}
      </Text>
      <Text size="xs" c="dimmed" ta="center" style={{ flex: '1 1 12rem', minWidth: 0 }}>
        {middle}
      </Text>
      {end !== undefined && (
        <Text size="sm" dir="ltr" style={{ whiteSpace: 'nowrap' }}>
          {end}
        </Text>
      )}
    </Group>
  );
}

export function UserHistory({ detail }: { detail: AdminUserDetailDto }) {
  const { t } = useTranslation('console');
  const { t: tu } = useTranslation('console-underwriting');
  const { t: ta } = useTranslation('console-admin');
  const records = (kind: 'deposits' | 'withdrawals') => {
    const { total, list } = detail[kind];
    return (
      <Section
        title={t(kind === 'deposits' ? 'nav.recharges' : 'nav.withdrawals')}
        testId={`user-${kind}`}
        total={total}
        list={list}
        row={(r) => (
          <Line
            key={r.id}
            start={r.serialNo}
            middle={`${localTime(r.time)} · ${r.channel} · ${t(`status.${r.status}`)}`}
            end={`${money(r.amount)} ${r.currency}`}
          />
        )}
      />
    );
  };
  return (
    <>
      <Section
        title={t('nav.loans')}
        testId="user-loans"
        total={detail.loans.total}
        list={detail.loans.list}
        row={(l) => (
          <Line
            key={l.id}
            start={l.serialNo}
            middle={`${localTime(l.applyTime)} · ${tu(`loanStatus.${l.status}`)}`}
            end={money(l.amount)}
          />
        )}
      />
      {records('deposits')}
      {records('withdrawals')}
      <Section
        title={t('nav.audit')}
        testId="user-audit"
        total={detail.audit.total}
        list={detail.audit.list}
        row={(e) => (
          <Line
            key={e.id}
            start={localTime(e.createTime)}
            middle={`${ta('audit.entry', { action: e.action, target: e.targetType })} · ${e.actorName ?? e.actorId}`}
          />
        )}
      />
    </>
  );
}
