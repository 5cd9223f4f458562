/**
 * Risk: loan applications and the loan book. Tabs by state, the review queue (applying, oldest
 * first) by default and the overdue loans on their own tab; search by serial, user, ID number or
 * name; sort by time or amount, the overdue list also by days overdue, amount due now and overdue
 * interest (its own columns). A row opens the detail; approving pays the money out at once, so
 * both decisions ask first. Deciding is for the risk role; an admin may read.
 */

import type { AdminLoanDto, AdminLoanSort, LoanStatus } from '@mall/contract';
import { Anchor, Button, Group, Select, Stack, Tabs, Text } from '@mantine/core';

import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable, type Sort } from '../../components/data-table.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { api } from '../../lib/api.ts';
import { localTime, money } from '../../lib/format.ts';
import { hasRole, useConsoleSession } from '../../lib/session.ts';
import { usePaged } from '../../lib/use-paged.ts';
import { UserDrawer } from '../admin/user-drawer.tsx';
import { LoanDetail } from './loan-detail.tsx';
import { LOAN_COLORS } from './loan-labels.ts';
import { overdueFacts } from './overdue-facts.ts';
import { useLoanDecisions } from './use-loan-decisions.ts';

type Tab = LoanStatus | 'all';
const TABS: Tab[] = ['applying', 'overdue', 'success', 'repaid', 'failed', 'all'];
/** The queue reads oldest first; the book newest first; the overdue list the longest late first. */
const defaultSort = (tab: Tab): Sort => ({
  key: tab === 'overdue' ? 'daysOverdue' : 'applyTime',
  direction: tab === 'applying' ? 'asc' : 'desc',
});
const SORT_CHOICES = ['applyTime:desc', 'applyTime:asc', 'amount:desc', 'amount:asc'];
const OVERDUE_SORT_CHOICES = [
  'daysOverdue:desc',
  'daysOverdue:asc',
  'dueNow:desc',
  'overdueInterest:desc',
  ...SORT_CHOICES,
];

export default function LoansPage() {
  const { t } = useTranslation('console-risk');
  const canDecide = hasRole(useConsoleSession(), 'risk');
  const { filter, setFilter, pageNum, setPageNum } = usePaged<Tab>('applying');
  const [keyword, setKeyword] = useState('');
  const [sort, setSort] = useState<Sort>(defaultSort('applying'));
  const [openId, setOpenId] = useState<string | null>(null);
  const [openUser, setOpenUser] = useState<string | null>(null);
  const { t: tp } = useTranslation('console-people');
  const { approve, refuse, pending } = useLoanDecisions();
  // Phone cards have no column headers to sort by: a menu instead.
  const phone = useMediaQuery('(max-width: 48em)');
  const query = useQuery({
    queryKey: ['loans', filter, keyword, sort, pageNum],
    queryFn: () =>
      api('/api/admin/loans/list', {
        pageNum,
        pageSize: 20,
        sort: sort.key as AdminLoanSort,
        order: sort.direction,
        ...(filter === 'all' ? {} : { status: filter }),
        ...(keyword ? { keyword } : {}),
      }),
  });
  const decisions = (loan: AdminLoanDto) =>
    canDecide && loan.status === 'applying' ? (
      <Group gap="xs" wrap="nowrap">
        <Button size="xs" onClick={() => approve(loan)} loading={pending}>
          {t('action.approve')}
        </Button>
        <Button size="xs" color="red" variant="light" onClick={() => refuse(loan)} loading={pending}>
          {t('action.refuse')}
        </Button>
      </Group>
    ) : null;

  // The overdue list's own columns, measured from now (overdue-facts.ts); the server sorts them.
  const now = Date.now();
  const overdueColumns: Column<AdminLoanDto>[] = [
    {
      key: 'daysOverdue',
      label: t('field.daysOverdue'),
      sortable: true,
      render: (r) => {
        const facts = overdueFacts(r, now);
        return facts ? t('loans.daysLate', { days: facts.daysOverdue, count: facts.daysOverdue }) : '-';
      },
    },
    {
      key: 'dueNow',
      label: t('field.dueNow'),
      ltr: true,
      sortable: true,
      render: (r) => money(overdueFacts(r, now)?.dueNow),
    },
    {
      key: 'overdueInterest',
      label: t('field.overdueInterest'),
      ltr: true,
      sortable: true,
      render: (r) => money(overdueFacts(r, now)?.overdueInterest),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('loans.title')}
        actions={
          <SearchBox
            label={t('loans.search')}
            placeholder={t('loans.search')}
            onSearch={(k) => {
              if (k === keyword) return;
              setKeyword(k);
              setPageNum(1);
            }}
          />
        }
      />
      <Tabs
        value={filter}
        onChange={(v) => {
          const tab = (v ?? 'applying') as Tab;
          setFilter(tab);
          setSort(defaultSort(tab));
        }}
        mb="md"
      >
        <Tabs.List>
          {TABS.map((tab) => (
            <Tabs.Tab key={tab} value={tab} color={tab === 'overdue' ? 'red' : undefined}>
              {t(tab === 'all' ? 'loanStatus.all' : `loanTab.${tab}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {phone && (
        <Select
          mb="md"
          aria-label={t('loans.sort')}
          value={`${sort.key}:${sort.direction}`}
          onChange={(v) => {
            const [key = 'applyTime', direction = 'desc'] = (v ?? '').split(':');
            setSort({ key, direction: direction === 'asc' ? 'asc' : 'desc' });
            setPageNum(1);
          }}
          data={(filter === 'overdue' ? OVERDUE_SORT_CHOICES : SORT_CHOICES).map((value) => ({
            value,
            label: t(`loanSort.${value.replace(':', '_')}`),
          }))}
          allowDeselect={false}
        />
      )}
      <DataTable<AdminLoanDto>
        rows={query.data?.pageList}
        rowKey={(r) => r.id}
        loading={query.isLoading}
        pageInfo={query.data?.pageInfo}
        onPage={setPageNum}
        sort={sort}
        onSort={(next) => {
          setSort(next);
          setPageNum(1);
        }}
        empty={filter === 'applying' && !keyword ? t('loans.emptyQueue') : undefined}
        columns={[
          { key: 'serial', label: t('field.serial'), ltr: true, render: (r) => r.serialNo },
          {
            key: 'applyTime',
            label: t('field.applied'),
            ltr: true,
            sortable: true,
            render: (r) => localTime(r.applyTime),
          },
          {
            key: 'applicant',
            label: t('field.applicant'),
            render: (r) => (
              <Stack gap={0}>
                <Text size="sm">{r.realName}</Text>
                <Text size="xs" c="dimmed">
                  {r.username ?? r.userId}
                </Text>
                <Anchor component="button" size="xs" ta="start" onClick={() => setOpenUser(r.userId)}>
                  {tp('view')}
                </Anchor>
              </Stack>
            ),
          },
          {
            key: 'amount',
            label: t('field.amount'),
            ltr: true,
            sortable: true,
            render: (r) => `${money(r.amount)} ${r.currency}`,
          },
          {
            key: 'term',
            label: t('field.term'),
            render: (r) => (
              <Stack gap={0}>
                <Text size="sm">{t('loans.days', { days: r.termDays, count: r.termDays })}</Text>
                <Text size="xs" c="dimmed">
                  {t(`method.${r.method}`, { days: r.cycleDays })}
                </Text>
              </Stack>
            ),
          },
          ...(filter === 'overdue' ? overdueColumns : []),
          {
            key: 'owed',
            label: t('field.outstanding'),
            ltr: true,
            render: (r) =>
              r.status === 'success' || r.status === 'overdue' ? money(r.outstandingPrincipal) : '-',
          },
          {
            key: 'status',
            label: t('field.status'),
            render: (r) => (
              <StatusBadge
                status={r.status}
                label={t(`loanStatus.${r.status}`)}
                color={LOAN_COLORS[r.status]}
              />
            ),
          },
          {
            key: 'actions',
            label: '',
            render: (r) => (
              <Group gap="xs" wrap="nowrap">
                <Button size="xs" variant="default" onClick={() => setOpenId(r.id)}>
                  {t('action.details')}
                </Button>
                {decisions(r)}
              </Group>
            ),
          },
        ]}
      />
      <LoanDetail loanId={openId} onClose={() => setOpenId(null)} decisions={canDecide ? decisions : null} />
      <UserDrawer userId={openUser} onClose={() => setOpenUser(null)} actions={() => null} />
    </>
  );
}
