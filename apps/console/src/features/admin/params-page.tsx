/**
 * Admin: the params of the brand, by group, each with its current value, default and what is
 * allowed. A change is checked here by the same rules as on the server (contract checkParamValue)
 * and again by the server, which also keeps a minimum below its maximum; it counts from the next call.
 */
import { checkParamValue, isParamCode, PARAM_GROUPS, type ParamEntryDto } from '@mall/contract';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ApiError, api } from '../../lib/api.ts';
import { ask } from '../../lib/ask.ts';
import { showError } from '../../lib/errors.ts';
import { localTime } from '../../lib/format.ts';
import { useAdminAction } from './use-admin-action.ts';

export default function ParamsPage() {
  const { t } = useTranslation('console-admin');
  const list = useQuery({
    queryKey: ['admin-params'],
    queryFn: () => api('/api/admin/params/list'),
  });
  const save = useAdminAction<'/api/admin/params/set'>(['admin-params'], (p) =>
    t('params.saved', { code: p.code }),
  );
  const allowed = (p: ParamEntryDto) =>
    t(`params.type.${p.type}`, { min: p.min ?? '', max: p.max ?? '', options: (p.options ?? []).join(', ') });
  const shown = (p: ParamEntryDto, value: string) =>
    p.type === 'bool' ? t(value === '1' ? 'params.yes' : 'params.no') : value || '-';

  const edit = async (p: ParamEntryDto) => {
    const values = await ask({
      title: t('params.editTitle', { code: p.code }),
      body: allowed(p),
      fields: [
        { name: 'value', label: t('field.value'), initial: p.value, ltr: true, required: p.type !== 'url' },
      ],
    });
    if (!values || !isParamCode(p.code)) return;
    const checked = checkParamValue(p.code, values.value ?? '');
    if (!checked.ok) {
      // The server's answer to the same value, without the round trip.
      const key = checked.reason === 'range' ? 'PARAM_OUT_OF_RANGE' : 'PARAM_VALUE_INVALID';
      showError(new ApiError(-1, key, key, null));
      return;
    }
    save.mutate({ path: '/api/admin/params/set', body: { code: p.code, value: checked.value } });
  };

  return (
    <>
      <PageHeader title={t('params.title')} />
      <Stack gap="lg">
        {PARAM_GROUPS.map((group) => (
          <div key={group}>
            <Title order={4} mb="xs">
              {t(`params.group.${group}`)}
            </Title>
            <DataTable<ParamEntryDto>
              rows={list.data?.filter((p) => p.group === group)}
              rowKey={(p) => p.code}
              loading={list.isLoading}
              columns={[
                {
                  key: 'code',
                  label: t('field.code'),
                  ltr: true,
                  render: (p) => (
                    <Group gap={6} wrap="nowrap">
                      <Text size="sm" ff="monospace">
                        {p.code}
                      </Text>
                      {p.overridden && (
                        <Text span size="xs" c="orange.8" fw={500}>
                          {`· ${t('params.changed')}`}
                        </Text>
                      )}
                    </Group>
                  ),
                },
                {
                  key: 'value',
                  label: t('field.value'),
                  ltr: true,
                  maxWidth: 260,
                  text: (p) => p.value,
                  render: (p) => shown(p, p.value),
                },
                {
                  key: 'default',
                  label: t('field.default'),
                  ltr: true,
                  maxWidth: 200,
                  text: (p) => p.defaultValue,
                  render: (p) => shown(p, p.defaultValue),
                },
                { key: 'range', label: t('field.range'), render: allowed },
                {
                  key: 'updated',
                  label: t('field.updated'),
                  ltr: true,
                  render: (p) => localTime(p.updateTime) || '-',
                },
                {
                  key: 'actions',
                  label: '',
                  render: (p) => (
                    <Button size="xs" variant="default" onClick={() => edit(p)} loading={save.isPending}>
                      {t('action.edit')}
                    </Button>
                  ),
                },
              ]}
            />
          </div>
        ))}
      </Stack>
    </>
  );
}
