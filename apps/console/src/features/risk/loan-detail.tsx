/**
 * One loan as the risk operator sees it: who applied (the real name, nationality, full ID number and
 * photo), what they asked for, the figures the server computes now (accrued and overdue interest,
 * what is still owed), the schedule and the history; approve or refuse while it is under review.
 */
import type { AdminLoanDto, LoanInstalmentDto } from '@mall/contract';
import {
  Alert,
  Center,
  Group,
  Image,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { api } from '../../lib/api.ts';
import { failureText } from '../../lib/errors.ts';
import { localTime, money } from '../../lib/format.ts';
import { ApplicantProfile } from './applicant-profile.tsx';
import { DocumentViewer } from './document-viewer.tsx';
import { LOAN_COLORS, percent } from './loan-labels.ts';

function Fact({ label, children, ltr }: { label: string; children: ReactNode; ltr?: boolean }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {/* An isolated left-to-right run keeps the value at the start of the line in Arabic too. */}
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {ltr ? <span dir="ltr">{children}</span> : children}
      </Text>
    </div>
  );
}

export function LoanDetail({
  loanId,
  onClose,
  decisions,
}: {
  loanId: string | null;
  onClose(): void;
  decisions: ((loan: AdminLoanDto) => ReactNode) | null;
}) {
  const { t } = useTranslation('console-risk');
  const phone = useMediaQuery('(max-width: 48em)');
  const [photo, setPhoto] = useState(false);
  const query = useQuery({
    queryKey: ['loan', loanId],
    queryFn: () => api('/api/admin/loans/info', { id: loanId ?? '' }),
    enabled: loanId !== null,
  });
  const loan = query.data;
  const usdt = (value: string) => `${money(value)} USDT`;
  return (
    <Modal
      opened={loanId !== null}
      onClose={onClose}
      title={loan ? t('loans.detailTitle', { serial: loan.serialNo }) : t('loans.detail')}
      size={1000}
      fullScreen={phone}
    >
      {query.isLoading && (
        <Center p="xl">
          <Loader />
        </Center>
      )}
      {query.isError && <Alert color="red">{failureText(query.error)}</Alert>}
      {loan && (
        <Stack gap="lg">
          <Group justify="space-between" wrap="wrap">
            <StatusBadge
              status={loan.status}
              label={t(`loanStatus.${loan.status}`)}
              color={LOAN_COLORS[loan.status]}
            />
            {decisions?.(loan)}
          </Group>
          {loan.refuseReason && (
            <Alert color="red" title={t('field.refuseReason')}>
              {loan.refuseReason}
            </Alert>
          )}
          <section>
            <Title order={4} mb="xs">
              {t('loans.applicant')}
            </Title>
            <Group align="flex-start" gap="lg" wrap="wrap">
              <UnstyledButton onClick={() => setPhoto(true)} aria-label={t('loans.openPhoto')}>
                <Image
                  src={loan.idPhoto}
                  alt={t('document.idPhoto')}
                  w={160}
                  h={110}
                  fit="cover"
                  radius="sm"
                />
              </UnstyledButton>
              <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" style={{ flex: 1, minWidth: 240 }}>
                <Fact label={t('field.user')}>{loan.username ?? loan.userId}</Fact>
                <Fact label={t('field.realName')}>{loan.realName}</Fact>
                <Fact label={t('field.nationality')}>{loan.nationality}</Fact>
                <Fact label={t('field.idType')}>{t(`idType.${loan.idType}`)}</Fact>
                <Fact label={t('field.idNumber')} ltr>
                  {loan.idNumber}
                </Fact>
                <Fact label={t('field.applied')} ltr>
                  {localTime(loan.applyTime)}
                </Fact>
              </SimpleGrid>
            </Group>
          </section>
          <ApplicantProfile loanId={loan.id} />
          <section>
            <Title order={4} mb="xs">
              {t('loans.terms')}
            </Title>
            <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
              <Fact label={t('field.amount')} ltr>
                {usdt(loan.amount)}
              </Fact>
              <Fact label={t('field.term')}>
                {t('loans.days', { days: loan.termDays, count: loan.termDays })}
              </Fact>
              <Fact label={t('field.method')}>{t(`method.${loan.method}`, { days: loan.cycleDays })}</Fact>
              <Fact label={t('field.rate')} ltr>
                {percent(loan.annualRateBp)}
              </Fact>
              <Fact label={t('field.totalInterest')} ltr>
                {usdt(loan.totalInterest)}
              </Fact>
              <Fact label={t('field.estimatedRepayment')} ltr>
                {usdt(loan.estimatedRepayment)}
              </Fact>
              <Fact label={t('field.accruedInterest')} ltr>
                {usdt(loan.accruedInterest)}
              </Fact>
              <Fact label={t('field.overdueInterest')} ltr>
                {usdt(loan.overdueInterest)}
              </Fact>
              <Fact label={t('field.outstanding')} ltr>
                {usdt(loan.outstandingPrincipal)}
              </Fact>
              <Fact label={t('field.paid')} ltr>
                {usdt(loan.paidAmount)}
              </Fact>
              <Fact label={t('field.disbursed')} ltr>
                {localTime(loan.disburseTime) || '-'}
              </Fact>
              <Fact label={t('field.maturity')} ltr>
                {localTime(loan.maturityTime) || '-'}
              </Fact>
            </SimpleGrid>
          </section>
          <section>
            <Title order={4} mb="xs">
              {loan.status === 'applying' ? t('loans.scheduleEstimate') : t('loans.schedule')}
            </Title>
            <DataTable<LoanInstalmentDto>
              rows={loan.instalments}
              rowKey={(r) => String(r.seq)}
              columns={[
                { key: 'seq', label: '#', ltr: true, render: (r) => r.seq },
                { key: 'due', label: t('field.due'), ltr: true, render: (r) => localTime(r.dueTime) },
                {
                  key: 'principal',
                  label: t('field.principal'),
                  ltr: true,
                  render: (r) => money(r.principal),
                },
                { key: 'interest', label: t('field.interest'), ltr: true, render: (r) => money(r.interest) },
                { key: 'amount', label: t('field.instalment'), ltr: true, render: (r) => money(r.amount) },
                {
                  key: 'overdue',
                  label: t('field.overdueInterest'),
                  ltr: true,
                  render: (r) => money(r.overdueInterest),
                },
                {
                  key: 'status',
                  label: t('field.status'),
                  render: (r) => (
                    <StatusBadge
                      status={r.status}
                      label={t(`instalmentStatus.${r.status}`)}
                      color={LOAN_COLORS[r.status]}
                    />
                  ),
                },
              ]}
            />
          </section>
          <section>
            <Title order={4} mb="xs">
              {t('loans.history')}
            </Title>
            <Stack gap={4}>
              {loan.events.map((e) => (
                <Group key={e.id} gap="sm" wrap="nowrap" align="flex-start">
                  <Text size="sm" c="dimmed" dir="ltr" style={{ flexShrink: 0 }}>
                    {localTime(e.time)}
                  </Text>
                  <Text size="sm">
                    {t(`event.${e.type}`, { seq: e.seq ?? '' })}
                    {e.amount ? ` · \u2066${usdt(e.amount)}\u2069` : ''}
                    {e.remark ? ` · ${e.remark}` : ''}
                  </Text>
                </Group>
              ))}
            </Stack>
          </section>
        </Stack>
      )}
      <DocumentViewer
        title={loan ? t('loans.photoOf', { name: loan.realName }) : ''}
        images={photo && loan ? [{ label: t(`idType.${loan.idType}`), url: loan.idPhoto }] : null}
        onClose={() => setPhoto(false)}
      />
    </Modal>
  );
}
