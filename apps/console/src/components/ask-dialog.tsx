import { Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { settleAsk, usePendingAsk } from '../lib/ask.ts';

export function AskDialog() {
  const { t } = useTranslation();
  const pending = usePendingAsk();
  const [values, setValues] = useState<Record<string, string>>({});
  const [tried, setTried] = useState(false);
  useEffect(() => {
    setValues(Object.fromEntries((pending?.fields ?? []).map((f) => [f.name, f.initial ?? ''])));
    setTried(false);
  }, [pending]);
  if (!pending) return null;
  const missing = (pending.fields ?? []).filter((f) => f.required && !values[f.name]?.trim());
  const confirm = () => {
    setTried(true);
    if (missing.length === 0) settleAsk(values);
  };
  return (
    <Modal opened onClose={() => settleAsk(undefined)} title={pending.title} centered>
      <Stack>
        {pending.body && <Text>{pending.body}</Text>}
        {(pending.fields ?? []).map((f) => {
          const Field = f.multiline ? Textarea : TextInput;
          return (
            <Field
              key={f.name}
              label={f.label}
              required={f.required}
              dir={f.ltr ? 'ltr' : undefined}
              value={values[f.name] ?? ''}
              error={tried && missing.includes(f) ? t('common.required') : undefined}
              onChange={(e) => {
                // Read now: React clears currentTarget before a state updater runs.
                const value = e.currentTarget.value;
                setValues((v) => ({ ...v, [f.name]: value }));
              }}
              data-autofocus={f === pending.fields?.[0] ? true : undefined}
            />
          );
        })}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => settleAsk(undefined)}>
            {t('common.cancel')}
          </Button>
          <Button color={pending.danger ? 'red' : undefined} onClick={confirm}>
            {pending.confirmLabel ?? t('common.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
