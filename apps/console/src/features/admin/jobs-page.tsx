/**
 * Admin: durable jobs that used up their attempts (a settlement, an auto-cancel...), newest first,
 * with how many attempts they had and their last error; Retry gives one more attempt now. Done
 * jobs are pruned by the server after JOBS_DONE_RETENTION_DAYS; failed ones stay until retried.
 */
import type { FailedJobDto } from '@mall/contract';
import { Button, Code, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { api } from '../../lib/api.ts';
import { failureText } from '../../lib/errors.ts';
import { localTime } from '../../lib/format.ts';
import { useAdminAction } from './use-admin-action.ts';

export default function JobsPage() {
  const { t } = useTranslation('console-jobs');
  const [pageNum, setPageNum] = useState(1);
  const list = useQuery({
    queryKey: ['admin-jobs', pageNum],
    queryFn: () => api('/api/admin/jobs/failed', { pageNum, pageSize: 20 }),
    retry: false,
  });
  const retry = useAdminAction<'/api/admin/jobs/retry'>(['admin-jobs'], () => t('retried'));

  return (
    <>
      <PageHeader title={t('title')} />
      <Text size="sm" c="dimmed" mb="md">
        {t('intro')}
      </Text>
      {list.error && (
        <Text c="red" size="sm" mb="sm">
          {failureText(list.error)}
        </Text>
      )}
      <DataTable<FailedJobDto>
        rows={list.error ? [] : list.data?.pageList}
        rowKey={(r) => r.id}
        loading={list.isLoading}
        pageInfo={list.data?.pageInfo}
        onPage={setPageNum}
        empty={t('empty')}
        columns={[
          { key: 'failed', label: t('failedAt'), ltr: true, render: (r) => localTime(r.updatedAt) },
          { key: 'type', label: t('type'), ltr: true, render: (r) => <Code>{r.type}</Code> },
          {
            key: 'attempts',
            label: t('attempts'),
            ltr: true,
            render: (r) => t('attemptsOf', { attempts: r.attempts, max: r.maxAttempts }),
          },
          {
            key: 'error',
            label: t('lastError'),
            ltr: true,
            maxWidth: 360,
            text: (r) => r.lastError ?? '',
            render: (r) => r.lastError ?? '-',
          },
          {
            key: 'retry',
            label: '',
            render: (r) => (
              <Button
                size="xs"
                variant="light"
                loading={retry.isPending && retry.variables?.body.id === r.id}
                onClick={() => retry.mutate({ path: '/api/admin/jobs/retry', body: { id: r.id } })}
              >
                {t('retry')}
              </Button>
            ),
          },
        ]}
      />
    </>
  );
}
