/**
 * Seller: the store profile. Name, logo, banner, description and the contact buyers and the
 * platform use; the store's figures beside it. Saved in one call, audited by the server.
 */
import type { SellerStoreDto } from '@mall/contract';
import { SELLER_LIMITS } from '@mall/contract';
import {
  Alert,
  Button,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header.tsx';
import { api } from '../../lib/api.ts';
import { failureText, showDone, showError } from '../../lib/errors.ts';
import { localTime } from '../../lib/format.ts';
import { ImagePicker } from './image-picker.tsx';

type Form = Pick<
  SellerStoreDto,
  'name' | 'logo' | 'banner' | 'description' | 'contactPhone' | 'contactEmail'
>;

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <Paper withBorder p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} dir="ltr" ta="start">
        {value}
      </Text>
    </Paper>
  );
}

function StoreForm({ store }: { store: SellerStoreDto }) {
  const { t } = useTranslation('console-seller');
  const queryClient = useQueryClient();
  const [form, setForm] = useState<Form>(store);
  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));
  const save = useMutation({
    mutationFn: () => api('/api/admin/seller/store/update', { ...form }),
    onSuccess: (saved) => {
      queryClient.setQueryData(['seller-store'], saved);
      showDone(t('store.saved'));
    },
    onError: showError,
  });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <Stack maw={720}>
        <TextInput
          label={t('store.name')}
          required
          maxLength={SELLER_LIMITS.storeNameMax}
          value={form.name}
          onChange={(e) => set({ name: e.currentTarget.value })}
        />
        <Group align="flex-start" gap="xl">
          <ImagePicker
            label={t('store.logo')}
            max={1}
            value={form.logo ? [form.logo] : []}
            onChange={(v) => set({ logo: v[0] ?? '' })}
            testId="store-logo"
          />
          <ImagePicker
            label={t('store.banner')}
            max={1}
            value={form.banner ? [form.banner] : []}
            onChange={(v) => set({ banner: v[0] ?? '' })}
          />
        </Group>
        <Textarea
          label={t('store.description')}
          autosize
          minRows={3}
          maxLength={SELLER_LIMITS.storeDescriptionMax}
          value={form.description}
          onChange={(e) => set({ description: e.currentTarget.value })}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('store.phone')}
            dir="ltr"
            maxLength={SELLER_LIMITS.phoneMax}
            value={form.contactPhone}
            onChange={(e) => set({ contactPhone: e.currentTarget.value })}
          />
          <TextInput
            label={t('store.email')}
            dir="ltr"
            type="email"
            maxLength={64}
            value={form.contactEmail}
            onChange={(e) => set({ contactEmail: e.currentTarget.value })}
          />
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={save.isPending} disabled={!form.logo || !form.banner}>
            {t('common.save', { ns: 'console' })}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export default function StorePage() {
  const { t } = useTranslation('console-seller');
  const query = useQuery({
    queryKey: ['seller-store'],
    queryFn: () => api('/api/admin/seller/store'),
  });
  const store = query.data;
  return (
    <>
      <PageHeader title={t('store.title')} />
      {query.isLoading && <Loader />}
      {query.isError && <Alert color="red">{failureText(query.error)}</Alert>}
      {store && (
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
            <Figure label={t('store.onSale')} value={store.onSaleCount} />
            <Figure label={t('store.goodsCount')} value={store.goodsCount} />
            <Figure label={t('store.followers')} value={store.followers} />
            <Figure label={t('store.sold')} value={store.soldNum} />
            <Figure label={t('store.praise')} value={store.praiseRate ? `${store.praiseRate}%` : '-'} />
            <Figure label={t('store.opened')} value={localTime(store.createTime).slice(0, 10)} />
          </SimpleGrid>
          {store.status !== 1 && <Alert color="yellow">{t('store.closed')}</Alert>}
          <StoreForm key={store.sellerId} store={store} />
        </Stack>
      )}
    </>
  );
}
