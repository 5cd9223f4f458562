import { STAFF_ROLES } from '@mall/contract';
import { Alert, Button, Center, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { api } from '../../lib/api.ts';
import { failureText } from '../../lib/errors.ts';
import {
  endedSessionPage,
  forgetEndedSession,
  startConsoleSession,
  useConsoleSession,
} from '../../lib/session.ts';

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useConsoleSession();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Shown because the server ended the session: say so, and go back to that page after sign-in.
  const [endedOn] = useState(endedSessionPage);
  if (session) return <Navigate to="/" replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const result = await api('/api/login', { username: username.trim(), password });
      const roles = result.user.roles;
      if (!roles.some((r) => STAFF_ROLES.includes(r) || r === 'seller')) {
        setError(t('login.notStaff'));
        return;
      }
      startConsoleSession({
        token: result.token,
        user: { id: result.user.id, username: result.user.username, roles },
      });
      forgetEndedSession();
      navigate(endedOn ?? '/', { replace: true });
    } catch (e) {
      setError(failureText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={400} component="form" onSubmit={submit}>
        <Stack>
          <Title order={3}>{t('login.title')}</Title>
          {endedOn && !error && (
            <Alert color="yellow" role="status" data-testid="session-ended">
              {t('SESSION_EXPIRED', { ns: 'errors' })}
            </Alert>
          )}
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <TextInput
            label={t('login.username')}
            value={username}
            onChange={(e) => setUsername(e.currentTarget.value)}
            required
            autoComplete="username"
          />
          <PasswordInput
            label={t('login.password')}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            required
            autoComplete="current-password"
          />
          <Button type="submit" loading={busy}>
            {t('login.submit')}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
