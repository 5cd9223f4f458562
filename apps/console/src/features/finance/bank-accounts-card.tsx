/**
 * Finance: the brand's receiving bank accounts for bank-card deposits (issue 26): bank, account
 * name, account number or IBAN, SWIFT/BIC and currency; added, edited, switched off or deleted.
 * The storefront's deposit page shows the enabled ones with each user's deposit reference.
 */
import type { BankReceivingAccountDto } from '@mall/contract';
import { Badge, Button, Group, Paper, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table.tsx';
import { api } from '../../lib/api.ts';
import { ask } from '../../lib/ask.ts';
import { useAdminAction } from '../admin/use-admin-action.ts';

export function BankAccountsCard() {
  const { t } = useTranslation('console-bank');
  const query = useQuery({
    queryKey: ['bank-accounts'],
    queryFn: () => api('/api/admin/wallet/bank-accounts/list'),
  });
  const save = useAdminAction<
    '/api/admin/wallet/bank-accounts/save' | '/api/admin/wallet/bank-accounts/delete'
  >(['bank-accounts'], () => t('saved'));
  const edit = async (a?: BankReceivingAccountDto) => {
    const values = await ask({
      title: t(a ? 'editTitle' : 'addTitle'),
      fields: [
        { name: 'bankName', label: t('bank'), required: true, initial: a?.bankName ?? '' },
        { name: 'accountName', label: t('accountName'), required: true, initial: a?.accountName ?? '' },
        {
          name: 'accountNumber',
          label: t('accountNumber'),
          required: true,
          ltr: true,
          initial: a?.accountNumber ?? '',
        },
        { name: 'swift', label: t('swift'), required: true, ltr: true, initial: a?.swift ?? '' },
        { name: 'currency', label: t('currency'), required: true, ltr: true, initial: a?.currency ?? 'USD' },
      ],
    });
    if (!values) return;
    save.mutate({
      path: '/api/admin/wallet/bank-accounts/save',
      body: {
        bankName: values.bankName ?? '',
        accountName: values.accountName ?? '',
        accountNumber: values.accountNumber ?? '',
        swift: values.swift ?? '',
        currency: values.currency ?? '',
        ...(a ? { id: a.id, enabled: a.enabled } : { enabled: true }),
      },
    });
  };
  const toggle = (a: BankReceivingAccountDto) =>
    save.mutate({ path: '/api/admin/wallet/bank-accounts/save', body: { ...a, enabled: !a.enabled } });
  const remove = async (a: BankReceivingAccountDto) => {
    if (await ask({ title: t('deleteTitle'), body: `${a.bankName} · ${a.accountNumber}`, danger: true })) {
      save.mutate({ path: '/api/admin/wallet/bank-accounts/delete', body: { id: a.id } });
    }
  };
  return (
    <Paper withBorder p="md" mb="md" data-testid="bank-accounts-card">
      <Group justify="space-between" mb="sm">
        <Title order={4}>{t('title')}</Title>
        <Button size="xs" onClick={() => void edit()}>
          {t('add')}
        </Button>
      </Group>
      <DataTable<BankReceivingAccountDto>
        rows={query.data}
        rowKey={(a) => a.id}
        loading={query.isLoading}
        empty={t('none')}
        columns={[
          { key: 'bank', label: t('bank'), render: (a) => a.bankName },
          { key: 'name', label: t('accountName'), render: (a) => a.accountName },
          { key: 'number', label: t('accountNumber'), ltr: true, render: (a) => a.accountNumber },
          { key: 'swift', label: t('swift'), ltr: true, render: (a) => a.swift },
          { key: 'currency', label: t('currency'), ltr: true, render: (a) => a.currency },
          {
            key: 'state',
            label: t('state'),
            render: (a) => (
              <Badge color={a.enabled ? 'green' : 'gray'} variant="light">
                {t(a.enabled ? 'on' : 'off')}
              </Badge>
            ),
          },
          {
            key: 'actions',
            label: '',
            render: (a) => (
              <Group gap={4} wrap="nowrap">
                <Button size="compact-xs" variant="light" onClick={() => void edit(a)}>
                  {t('edit')}
                </Button>
                <Button size="compact-xs" variant="light" onClick={() => toggle(a)}>
                  {t(a.enabled ? 'turnOff' : 'turnOn')}
                </Button>
                <Button size="compact-xs" variant="light" color="red" onClick={() => void remove(a)}>
                  {t('delete')}
                </Button>
              </Group>
            ),
          },
        ]}
      />
    </Paper>
  );
}
