import {
  Alert,
  Button,
  Group,
  List,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { api } from '../../lib/api.ts';
import { failureText } from '../../lib/errors.ts';
import { usePaged } from '../../lib/use-paged.ts';

interface AccountRow {
  id: string;
  kind: string;
  ownerId: string | null;
  currency: string;
  balance: string;
  held: string;
}

const KINDS = ['all', 'wallet', 'escrow', 'platform', 'external', 'loanbook'] as const;

function Invariant({ ok, label, details }: { ok: boolean; label: string; details: string[] }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="sm" data-invariant={ok ? 'pass' : 'fail'}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text size="sm">{label}</Text>
        <StatusBadge
          status={ok ? 'success' : 'fail'}
          label={t(ok ? 'finance.ledger.pass' : 'finance.ledger.fail')}
        />
      </Group>
      {details.length > 0 && (
        <List size="xs" mt="xs" dir="ltr">
          {details.slice(0, 20).map((d) => (
            <List.Item key={d}>{d}</List.Item>
          ))}
        </List>
      )}
    </Paper>
  );
}

function AuditSection() {
  const { t, i18n } = useTranslation();
  const audit = useQuery({
    queryKey: ['ledger-audit'],
    queryFn: () => api('/api/admin/ledger/audit'),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const r = audit.data;
  const badBalances = r?.inconsistentAccounts.filter((a) => a.balance !== a.fromTransfers) ?? [];
  const badHolds = r?.inconsistentAccounts.filter((a) => a.held !== a.heldByTransfers) ?? [];
  const badSums = r?.sums.filter((s) => s.total !== '0') ?? [];
  return (
    <Paper withBorder p="md" mb="lg">
      <Group justify="space-between" mb="sm">
        <Title order={4}>{t('finance.ledger.auditTitle')}</Title>
        <Button onClick={() => void audit.refetch()} loading={audit.isFetching}>
          {t('finance.ledger.run')}
        </Button>
      </Group>
      {audit.isError && <Alert color="red">{failureText(audit.error)}</Alert>}
      {r && (
        <Stack gap="xs">
          <Alert color={r.ok ? 'green' : 'red'} data-testid="audit-verdict">
            {t(r.ok ? 'finance.ledger.clean' : 'finance.ledger.broken', {
              time: new Date(audit.dataUpdatedAt).toLocaleTimeString(i18n.language),
            })}
          </Alert>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Invariant
              ok={badSums.length === 0}
              label={t('finance.ledger.sumsZero', {
                currencies: r.sums.map((s) => s.currency).join(', ') || '—',
              })}
              details={badSums.map((s) => `${s.currency}: ${s.total}`)}
            />
            <Invariant
              ok={badBalances.length === 0}
              label={t('finance.ledger.balancesMatch')}
              details={badBalances.map((a) => `${a.id}: ${a.balance} ≠ ${a.fromTransfers}`)}
            />
            <Invariant
              ok={badHolds.length === 0}
              label={t('finance.ledger.holdsMatch')}
              details={badHolds.map((a) => `${a.id}: ${a.held} ≠ ${a.heldByTransfers}`)}
            />
            <Invariant
              ok={r.malformedTransfers.length === 0}
              label={t('finance.ledger.wellFormed')}
              details={r.malformedTransfers}
            />
          </SimpleGrid>
        </Stack>
      )}
    </Paper>
  );
}

export default function LedgerPage() {
  const { t } = useTranslation();
  const { filter, setFilter, pageNum, setPageNum } = usePaged<(typeof KINDS)[number]>('all');
  const balances = useQuery({
    queryKey: ['ledger-balances', filter, pageNum],
    queryFn: () =>
      api('/api/admin/ledger/balances', {
        pageNum,
        pageSize: 20,
        ...(filter === 'all' ? {} : { kind: filter }),
      }),
  });
  const b = balances.data;
  return (
    <>
      <PageHeader title={t('nav.ledger')} />
      <AuditSection />
      <Title order={4} mb="sm">
        {t('finance.ledger.balancesTitle')}
      </Title>
      {b && (
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} mb="md">
          {b.platform.map((p) => (
            <Paper key={p.account} withBorder p="sm">
              <Text size="xs" c="dimmed">
                {t(`finance.ledger.platform.${p.account}`)}
              </Text>
              <Text fw={600} dir="ltr">{`${p.balance} USDT`}</Text>
            </Paper>
          ))}
          {b.byKind.map((k) => (
            <Paper key={k.kind} withBorder p="sm">
              <Text size="xs" c="dimmed">
                {t(`finance.ledger.kind.${k.kind}`, { defaultValue: k.kind })}
              </Text>
              <Text fw={600} dir="ltr">
                {k.total}
              </Text>
              {k.held !== '0' && (
                <Text size="xs" c="dimmed">
                  {t('finance.ledger.heldAmount', { amount: k.held })}
                </Text>
              )}
            </Paper>
          ))}
        </SimpleGrid>
      )}
      <Group mb="sm">
        <SegmentedControl
          value={filter}
          onChange={(v) => setFilter(v as (typeof KINDS)[number])}
          data={KINDS.map((k) => ({
            value: k,
            label: t(k === 'all' ? 'status.all' : `finance.ledger.kind.${k}`),
          }))}
          style={{ maxWidth: '100%', overflowX: 'auto' }}
        />
      </Group>
      <DataTable<AccountRow>
        rows={b?.accounts.pageList}
        rowKey={(a) => a.id}
        loading={balances.isLoading}
        pageInfo={b?.accounts.pageInfo}
        onPage={setPageNum}
        columns={[
          {
            key: 'id',
            label: t('finance.ledger.account'),
            ltr: true,
            maxWidth: 320,
            text: (a) => a.id,
            render: (a) => a.id,
          },
          {
            key: 'kind',
            label: t('finance.ledger.kindLabel'),
            render: (a) => t(`finance.ledger.kind.${a.kind}`, { defaultValue: a.kind }),
          },
          {
            key: 'balance',
            label: t('finance.ledger.balance'),
            ltr: true,
            render: (a) => `${a.balance} ${a.currency}`,
          },
          { key: 'held', label: t('finance.ledger.held'), ltr: true, render: (a) => a.held },
        ]}
      />
    </>
  );
}
