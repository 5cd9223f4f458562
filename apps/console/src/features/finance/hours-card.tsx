/**
 * When withdrawals are taken (Asia/Shanghai). A close before the open runs past midnight;
 * 00:00 to 24:00 is all day. Checked here as the server does (HH:mm, not equal, open before 24:00).
 */
import { Button, Group, Paper, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { showDone, showError } from '../../lib/errors.ts';

interface Hours {
  openTime: string;
  closeTime: string;
}

const CLOCK = /^(?:(?:[01]\d|2[0-3]):[0-5]\d|24:00)$/;

export function checkHours(h: Hours): Partial<Record<keyof Hours, string>> {
  const errors: Partial<Record<keyof Hours, string>> = {};
  if (!CLOCK.test(h.openTime) || h.openTime === '24:00') errors.openTime = 'invalidTime';
  if (!CLOCK.test(h.closeTime)) errors.closeTime = 'invalidTime';
  else if (h.closeTime === h.openTime) errors.closeTime = 'sameTime';
  return errors;
}

export function HoursCard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['withdraw-hours'],
    queryFn: () => api('/api/admin/wallet/hours'),
  });
  const [draft, setDraft] = useState<Hours>({ openTime: '', closeTime: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof Hours, string>>>({});
  useEffect(() => {
    if (query.data) setDraft(query.data);
  }, [query.data]);
  const save = useMutation({
    mutationFn: () => api('/api/admin/wallet/hours/update', { ...draft }),
    onSuccess: () => {
      showDone(t('common.done'));
      void queryClient.invalidateQueries({ queryKey: ['withdraw-hours'] });
    },
    onError: showError,
  });
  const submit = () => {
    const found = checkHours(draft);
    setErrors(Object.fromEntries(Object.entries(found).map(([k, v]) => [k, t(`finance.hours.${v}`)])));
    if (Object.keys(found).length === 0) save.mutate();
  };
  const changed =
    query.data && (query.data.openTime !== draft.openTime || query.data.closeTime !== draft.closeTime);
  return (
    <Paper withBorder p="md" mb="lg">
      <Title order={4}>{t('finance.hours.title')}</Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('finance.hours.help')}
      </Text>
      <Group align="flex-start" gap="sm">
        {(['openTime', 'closeTime'] as const).map((name) => (
          <TextInput
            key={name}
            label={t(`finance.hours.${name}`)}
            placeholder="HH:mm"
            dir="ltr"
            w={120}
            value={draft[name]}
            error={errors[name]}
            disabled={!query.data}
            onChange={(e) => {
              const next = e.currentTarget.value;
              setDraft((d) => ({ ...d, [name]: next }));
            }}
          />
        ))}
        <Button mt={25} onClick={submit} loading={save.isPending} disabled={!changed}>
          {t('common.save')}
        </Button>
      </Group>
    </Paper>
  );
}
