/** The console's frame: header (brand, language, who is signed in, sign out) and the menu of the roles held. */
import { LANGUAGES, type LanguageCode } from '@mall/i18n';
import {
  AppShell,
  Burger,
  Group,
  NavLink,
  ScrollArea,
  Select,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { AskDialog } from '../components/ask-dialog.tsx';
import { api } from '../lib/api.ts';
import { changeConsoleLanguage, consoleLanguage } from '../lib/i18n.ts';
import { endConsoleSession, useConsoleSession } from '../lib/session.ts';
import { brandName } from './brand-name.ts';
import { NAV } from './nav.ts';

export function ConsoleShell() {
  const { t } = useTranslation();
  const session = useConsoleSession();
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  if (!session) return <Navigate to="/login" replace />;
  const roles = session.user.roles;
  const logout = async () => {
    try {
      await api('/api/user!logout.action');
    } catch {
      // Signed out locally whatever the server says.
    }
    endConsoleSession();
  };
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('common.menu')}
            />
            <img src="/brand-icon.svg" alt="" width={28} height={28} />
            <Title order={4} visibleFrom="xs">
              {t('title', { brand: brandName() })}
            </Title>
          </Group>
          <Group wrap="nowrap" gap="sm">
            <Select
              aria-label={t('common.language')}
              size="xs"
              w={140}
              value={consoleLanguage()}
              data={LANGUAGES.map((l) => ({ value: l.code, label: l.name }))}
              onChange={(v) => v && changeConsoleLanguage(v as LanguageCode)}
              allowDeselect={false}
            />
            <Text size="sm" visibleFrom="sm">
              <bdi>{session.user.username}</bdi>
            </Text>
            <UnstyledButton onClick={logout} fz="sm" c="blue">
              {t('common.signOut')}
            </UnstyledButton>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs">
        <ScrollArea>
          {NAV.map((group) => {
            const items = group.items.filter((i) => i.roles.some((r) => roles.includes(r)));
            if (items.length === 0) return null;
            return (
              <div key={group.labelKey}>
                <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mt="md" mb={4}>
                  {t(group.labelKey)}
                </Text>
                {items.map((item) => (
                  <NavLink
                    key={item.path}
                    component={Link}
                    to={item.path}
                    label={t(item.labelKey)}
                    active={pathname.startsWith(item.path)}
                    variant="filled"
                    onClick={close}
                  />
                ))}
              </div>
            );
          })}
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main>
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
      <AskDialog />
    </AppShell>
  );
}
