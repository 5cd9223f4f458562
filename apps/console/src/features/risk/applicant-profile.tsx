import { Alert, Badge, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { money } from '../../lib/format.ts';

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

export function ApplicantProfile({ loanId }: { loanId: string }) {
  const { t } = useTranslation('console-underwriting');
  const query = useQuery({
    queryKey: ['loan-profile', loanId],
    queryFn: () => api('/api/admin/loans/profile', { id: loanId }),
  });
  const p = query.data;
  if (!p) return null;
  const usdt = (v: string) => <span dir="ltr">{`${money(v)} USDT`}</span>;
  const approve = p.suggestion.decision === 'approve';
  return (
    <section data-testid="applicant-profile">
      <Title order={4} mb="xs">
        {t('title')}
      </Title>
      <Stack gap="sm">
        <Alert color={approve ? 'green' : 'red'} title={t(`suggest.${p.suggestion.decision}`)}>
          <Group gap="xs" wrap="wrap">
            {p.suggestion.reasons.map((r) => (
              <Badge key={r} variant="light" color={approve ? 'green' : 'red'}>
                {t(`reason.${r}`, { days: p.minAccountAgeDays, limit: money(p.limit) })}
              </Badge>
            ))}
          </Group>
        </Alert>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Fact label={t('accountAge')}>{p.accountAgeDays}</Fact>
          <Fact
            label={t('verification')}
          >{`${t(`status.${p.realNameStatus}`)} · C3 ${t(`status.${p.c3Status}`)}`}</Fact>
          <Fact label={t('limit')}>{usdt(p.limit)}</Fact>
          <Fact label={t('deposits')}>
            {p.deposits.count} · {usdt(p.deposits.total)}
          </Fact>
          <Fact label={t('withdrawals')}>
            {p.withdrawals.count} · {usdt(p.withdrawals.total)}
          </Fact>
          <Fact label={t('bought')}>
            {`${p.ordersBought.count} (${t('completed', { count: p.ordersBought.completed })})`} ·{' '}
            {usdt(p.ordersBought.total)}
          </Fact>
          <Fact label={t('sold')}>
            {p.ordersSold.count} · {usdt(p.ordersSold.settled)}
          </Fact>
          <Fact label={t('store')}>{p.store ? `${p.store.name} · ${p.store.ageDays}` : t('none')}</Fact>
        </SimpleGrid>
        <Fact label={t('previousLoans')}>
          {p.previousLoans.length === 0
            ? t('none')
            : p.previousLoans.map((l) => (
                <span key={l.id} style={{ display: 'block' }}>
                  <span dir="ltr">{l.serialNo}</span> · {usdt(l.amount)} · {t(`loanStatus.${l.status}`)}
                  {l.overdueInstalments > 0
                    ? ` · ${t('overdueInstalments', { count: l.overdueInstalments })}`
                    : ''}
                </span>
              ))}
        </Fact>
        <Fact label={t('sharing')} testId="applicant-sharing">
          {p.sharing.length === 0
            ? t('none')
            : p.sharing.map((s) => (
                <span key={`${s.userId}-${s.via}`} style={{ display: 'block' }}>
                  {s.username} · {t(`via.${s.via}`)}
                </span>
              ))}
        </Fact>
      </Stack>
    </section>
  );
}
