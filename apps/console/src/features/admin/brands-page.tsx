/**
 * Admin: the brands of the deployment and the settings of this console's brand (the one its hosts
 * serve): name, title, colours, links, hidden languages. Only changed fields are stored; the
 * storefront wears a change from its next page load, in every process.
 */
import {
  BRAND_THEME_KEYS,
  BRAND_URL_KEYS,
  type BrandSettingsDto,
  type BrandSettingsValues,
  type BrandSummaryDto,
  MONEY_STYLES,
  type MoneyStyle,
} from '@mall/contract';
import type { ApiInput } from '@mall/contract/api-calls';
import { LANGUAGES } from '@mall/i18n';
import {
  Box,
  Button,
  Card,
  Center,
  ColorInput,
  Group,
  Loader,
  MultiSelect,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { api } from '../../lib/api.ts';
import { localTime } from '../../lib/format.ts';
import { useAdminAction } from './use-admin-action.ts';

type TextKey = 'name' | 'title' | 'supportMail' | (typeof BRAND_URL_KEYS)[number];

function BrandCards({ brands }: { brands: BrandSummaryDto[] }) {
  const { t } = useTranslation('console-admin');
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="xs" mb="lg">
      {brands.map((b) => (
        <Card
          key={b.key}
          withBorder
          padding="sm"
          style={b.current ? { borderColor: b.primary, borderWidth: 2 } : undefined}
        >
          <Group gap="sm" wrap="nowrap">
            <Box w={24} h={24} style={{ borderRadius: 6, background: b.primary, flexShrink: 0 }} />
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={600} truncate="end">
                {b.name}
              </Text>
              <Text size="xs" c="dimmed" dir="ltr" truncate="end">
                {b.hosts[0] ?? b.key}
              </Text>
            </Stack>
          </Group>
          <Text
            size="xs"
            mt={6}
            c={b.current ? undefined : 'dimmed'}
            visibleFrom={b.current ? undefined : 'sm'}
          >
            {b.current ? t('brands.current') : t('brands.other')}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

function SettingsForm({ info }: { info: BrandSettingsDto }) {
  const { t } = useTranslation('console-admin');
  const [values, setValues] = useState<BrandSettingsValues>(info.current);
  useEffect(() => setValues(info.current), [info]);
  const save = useAdminAction<'/api/admin/brand/update'>(['admin-brand', 'admin-brands'], () =>
    t('brands.saved'),
  );
  const changed = (field: string) =>
    info.overridden.includes(field) ? (
      <Text span size="xs" c="orange.8" fw={500} ms={6}>
        {`· ${t('brands.overridden')}`}
      </Text>
    ) : null;
  const text = (key: TextKey, ltr = false) => (
    <TextInput
      key={key}
      label={
        <>
          {t(`brands.keys.${key}`)}
          {changed(key)}
        </>
      }
      value={values[key]}
      onChange={(e) => setValues({ ...values, [key]: e.currentTarget.value })}
      placeholder={info.defaults[key]}
      dir={ltr ? 'ltr' : undefined}
    />
  );
  return (
    <Stack>
      <Title order={4}>{t('brands.identity')}</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {text('name')}
        {text('title')}
        {text('supportMail', true)}
      </SimpleGrid>
      <Title order={4}>{t('brands.colours')}</Title>
      <SimpleGrid cols={{ base: 2, sm: 3 }}>
        {BRAND_THEME_KEYS.map((key) => (
          <ColorInput
            key={key}
            label={
              <>
                {t(`brands.keys.${key}`)}
                {changed(`theme.${key}`)}
              </>
            }
            format="hex"
            value={values.theme[key]}
            onChange={(v) => setValues({ ...values, theme: { ...values.theme, [key]: v } })}
            dir="ltr"
          />
        ))}
      </SimpleGrid>
      <Group
        gap={0}
        wrap="nowrap"
        style={{ borderRadius: 6, overflow: 'hidden' }}
        aria-label={t('brands.preview')}
      >
        <Box
          px="md"
          py={8}
          style={{
            background: values.theme.header,
            flex: 1,
            border: '1px solid var(--mantine-color-gray-3)',
          }}
        >
          {values.name}
        </Box>
        <Box px="md" py={8} style={{ background: values.theme.primary, color: values.theme.onPrimary }}>
          {values.title.slice(0, 24)}
        </Box>
        <Box px="md" py={8} style={{ background: values.theme.accent, color: values.theme.onPrimary }}>
          99.00
        </Box>
      </Group>
      <Title order={4}>{t('brands.links')}</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>{BRAND_URL_KEYS.map((key) => text(key, true))}</SimpleGrid>
      <MultiSelect
        label={
          <>
            {t('brands.languages')}
            {changed('hiddenLanguages')}
          </>
        }
        description={t('brands.languagesHelp')}
        data={LANGUAGES.filter((l) => l.code !== 'en').map((l) => ({ value: l.code, label: l.name }))}
        value={values.hiddenLanguages}
        onChange={(v) => setValues({ ...values, hiddenLanguages: v })}
        searchable
        clearable
      />
      <Stack gap={4}>
        <Text size="sm" fw={500} id="brand-money-style">
          {t('brands.moneyStyle')}
          {changed('moneyStyle')}
        </Text>
        <SegmentedControl
          aria-labelledby="brand-money-style"
          data={MONEY_STYLES.map((style) => ({ value: style, label: t(`brands.moneyStyles.${style}`) }))}
          value={values.moneyStyle}
          onChange={(v) => setValues({ ...values, moneyStyle: v as MoneyStyle })}
          w="fit-content"
        />
        <Text size="xs" c="dimmed">
          {t('brands.moneyStyleHelp')}
        </Text>
      </Stack>
      <Group justify="space-between" wrap="wrap">
        <Text size="xs" c="dimmed">
          {info.updateTime ? t('brands.lastChange', { time: localTime(info.updateTime) }) : ''}
        </Text>
        <Group gap="xs">
          <Button variant="default" onClick={() => setValues(info.defaults)}>
            {t('action.reset')}
          </Button>
          <Button
            loading={save.isPending}
            onClick={() =>
              save.mutate({
                path: '/api/admin/brand/update',
                body: { ...values } as ApiInput<'/api/admin/brand/update'>,
              })
            }
          >
            {t('action.save')}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

export default function BrandsPage() {
  const { t } = useTranslation('console-admin');
  const brands = useQuery({
    queryKey: ['admin-brands'],
    queryFn: () => api('/api/admin/brand/list'),
  });
  const info = useQuery({
    queryKey: ['admin-brand'],
    queryFn: () => api('/api/admin/brand/info'),
  });
  return (
    <>
      <PageHeader title={t('brands.title')} />
      {brands.data && <BrandCards brands={brands.data} />}
      {!info.data ? (
        <Center mih={200}>
          <Loader />
        </Center>
      ) : (
        <Card withBorder padding="md">
          <Title order={3} mb="md">
            {t('brands.settings', { name: info.data.current.name })}
          </Title>
          <SettingsForm info={info.data} />
        </Card>
      )}
    </>
  );
}
