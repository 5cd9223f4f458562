/**
 * The goods editor (create and edit): name, category, images, prices, minimum quantity, fees,
 * description and specifications, each with its own price (empty: the goods' price) and, when
 * new, its own stock (empty: it sells from the goods' stock). Stock of saved rows changes only
 * through the stock dialog, so orders placed meanwhile are never overwritten.
 */
import { SELLER_LIMITS, type SellerGoodsDetailDto } from '@mall/contract';
import type { ApiInput } from '@mall/contract/api-calls';
import { type LanguageCode, resolveLanguage } from '@mall/i18n';
import {
  ActionIcon,
  Button,
  Drawer,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { showDone, showError } from '../../lib/errors.ts';
import { consoleLanguage } from '../../lib/i18n.ts';
import { GoodsTranslations, type TranslationRow, translationKey } from './goods-translations.tsx';
import { ImagePicker } from './image-picker.tsx';
import { useCategoryOptions } from './use-categories.ts';

interface SpecRow {
  key: string;
  attrId?: string;
  name: string;
  price: string;
  /** Only for new rows; saved rows show their stock read-only. */
  stock: string;
  savedStock?: number | null;
}

interface Form {
  name: string;
  categoryId: string | null;
  description: string;
  images: string[];
  sellingPrice: string;
  discountPrice: string;
  buyMin: number | string;
  dispatchFee: string;
  distanceFee: string;
  deliveryFee: string;
  stock: number | string;
  specs: SpecRow[];
  /** The language name and description are written in. */
  lang: LanguageCode;
  translations: TranslationRow[];
}

let nextKey = 0;
const key = () => `spec-${++nextKey}`;

function initial(goods: SellerGoodsDetailDto | null): Form {
  if (!goods) {
    return {
      name: '',
      categoryId: null,
      description: '',
      images: [],
      sellingPrice: '',
      discountPrice: '',
      buyMin: 1,
      dispatchFee: '',
      distanceFee: '',
      deliveryFee: '',
      stock: 0,
      specs: [],
      lang: consoleLanguage(),
      translations: [],
    };
  }
  return {
    name: goods.name,
    categoryId: goods.categoryId,
    description: goods.description,
    images: goods.images,
    sellingPrice: goods.sellingPrice,
    discountPrice: goods.discountPrice ?? '',
    buyMin: goods.buyMin,
    dispatchFee: goods.dispatchFee === '0' ? '' : goods.dispatchFee,
    distanceFee: goods.distanceFee === '0' ? '' : goods.distanceFee,
    deliveryFee: goods.deliveryFee === '0' ? '' : goods.deliveryFee,
    stock: goods.stock,
    specs: goods.specs.map((s) => ({
      key: key(),
      attrId: s.attrId,
      name: s.name,
      price: s.price ?? '',
      stock: '',
      savedStock: s.stock,
    })),
    lang: resolveLanguage(goods.lang ?? undefined) ?? consoleLanguage(),
    translations: goods.translations.map((tr) => ({
      key: translationKey(),
      lang: resolveLanguage(tr.lang) ?? null,
      name: tr.name,
      description: tr.description,
    })),
  };
}

export function GoodsForm({
  goods,
  opened,
  onClose,
  onSaved,
}: {
  /** Null: a new goods. */
  goods: SellerGoodsDetailDto | null;
  opened: boolean;
  onClose(): void;
  onSaved(goods: SellerGoodsDetailDto): void;
}) {
  const { t } = useTranslation('console-seller');
  const phone = useMediaQuery('(max-width: 48em)');
  const categories = useCategoryOptions();
  const [form, setForm] = useState<Form>(() => initial(goods));
  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));
  const setSpec = (k: string, patch: Partial<SpecRow>) =>
    set({ specs: form.specs.map((s) => (s.key === k ? { ...s, ...patch } : s)) });
  const save = useMutation({
    mutationFn: () =>
      api(goods ? '/api/admin/seller/goods/update' : '/api/admin/seller/goods/create', {
        ...(goods ? { sellerGoodsId: goods.sellerGoodsId } : {}),
        name: form.name,
        categoryId: form.categoryId ?? '',
        description: form.description,
        images: form.images,
        sellingPrice: form.sellingPrice,
        discountPrice: form.discountPrice,
        buyMin: form.buyMin,
        dispatchFee: form.dispatchFee,
        distanceFee: form.distanceFee,
        deliveryFee: form.deliveryFee,
        stock: form.stock,
        specs: form.specs.map((s) => ({
          ...(s.attrId ? { attrId: s.attrId } : {}),
          name: s.name,
          price: s.price,
          stock: s.attrId ? '' : s.stock,
        })),
        // Spec rows with their own stock send '' for the goods stock; the server reads it as none.
        lang: form.lang,
        translations: form.translations.map((tr) => ({
          lang: tr.lang ?? '',
          name: tr.name,
          description: tr.description,
        })),
      } as ApiInput<'/api/admin/seller/goods/create'>),
    onSuccess: (saved) => {
      showDone(t(goods ? 'goods.updated' : 'goods.created'));
      onSaved(saved);
    },
    onError: showError,
  });

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={goods ? t('goods.editTitle', { name: goods.name }) : t('goods.createTitle')}
      position="right"
      size={phone ? '100%' : 760}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <Stack>
          <TextInput
            label={t('goods.name')}
            required
            maxLength={SELLER_LIMITS.goodsNameMax}
            value={form.name}
            onChange={(e) => set({ name: e.currentTarget.value })}
          />
          <Select
            label={t('goods.category')}
            required
            searchable
            data={categories}
            value={form.categoryId}
            onChange={(v) => set({ categoryId: v })}
            nothingFoundMessage={t('goods.noCategory')}
          />
          <ImagePicker
            label={t('goods.images')}
            max={SELLER_LIMITS.goodsImagesMax}
            value={form.images}
            onChange={(images) => set({ images })}
            testId="goods-images"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('goods.sellingPrice')}
              required
              dir="ltr"
              inputMode="decimal"
              value={form.sellingPrice}
              onChange={(e) => set({ sellingPrice: e.currentTarget.value })}
            />
            <TextInput
              label={t('goods.discountPrice')}
              description={t('goods.discountHint')}
              dir="ltr"
              inputMode="decimal"
              value={form.discountPrice}
              onChange={(e) => set({ discountPrice: e.currentTarget.value })}
            />
            <NumberInput
              label={t('goods.buyMin')}
              min={1}
              max={SELLER_LIMITS.buyMinMax}
              allowDecimal={false}
              value={form.buyMin}
              onChange={(v) => set({ buyMin: v })}
            />
            {!goods && (
              <NumberInput
                label={t('goods.stock')}
                min={0}
                max={SELLER_LIMITS.stockMax}
                allowDecimal={false}
                value={form.stock}
                onChange={(v) => set({ stock: v })}
              />
            )}
            <TextInput
              label={t('goods.dispatchFee')}
              dir="ltr"
              inputMode="decimal"
              value={form.dispatchFee}
              onChange={(e) => set({ dispatchFee: e.currentTarget.value })}
            />
            <TextInput
              label={t('goods.distanceFee')}
              description={t('goods.distanceFeeHint')}
              dir="ltr"
              inputMode="decimal"
              value={form.distanceFee}
              onChange={(e) => set({ distanceFee: e.currentTarget.value })}
            />
            <TextInput
              label={t('goods.deliveryFee')}
              dir="ltr"
              inputMode="decimal"
              value={form.deliveryFee}
              onChange={(e) => set({ deliveryFee: e.currentTarget.value })}
            />
          </SimpleGrid>
          <Textarea
            label={t('goods.description')}
            autosize
            minRows={3}
            maxLength={SELLER_LIMITS.goodsDescriptionMax}
            value={form.description}
            onChange={(e) => set({ description: e.currentTarget.value })}
          />
          <GoodsTranslations
            lang={form.lang}
            rows={form.translations}
            onLang={(lang) => set({ lang })}
            onRows={(translations) => set({ translations })}
          />
          <Stack gap={6}>
            <Group justify="space-between">
              <Text size="sm" fw={500}>
                {t('goods.specs')}
              </Text>
              <Button
                size="xs"
                variant="default"
                disabled={form.specs.length >= SELLER_LIMITS.specsMax}
                onClick={() =>
                  set({ specs: [...form.specs, { key: key(), name: '', price: '', stock: '' }] })
                }
              >
                {t('goods.addSpec')}
              </Button>
            </Group>
            <Text size="xs" c="dimmed">
              {t('goods.specHint')}
            </Text>
            {form.specs.length > 0 && (
              <Table withRowBorders={false} verticalSpacing={4}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('goods.specName')}</Table.Th>
                    <Table.Th>{t('goods.specPrice')}</Table.Th>
                    <Table.Th>{t('goods.specStock')}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {form.specs.map((s, i) => (
                    <Table.Tr key={s.key}>
                      <Table.Td>
                        <TextInput
                          aria-label={t('goods.specName')}
                          required
                          maxLength={SELLER_LIMITS.specNameMax}
                          value={s.name}
                          data-testid={`spec-name-${i}`}
                          onChange={(e) => setSpec(s.key, { name: e.currentTarget.value })}
                        />
                      </Table.Td>
                      <Table.Td>
                        <TextInput
                          aria-label={t('goods.specPrice')}
                          dir="ltr"
                          inputMode="decimal"
                          placeholder={form.sellingPrice}
                          value={s.price}
                          data-testid={`spec-price-${i}`}
                          onChange={(e) => setSpec(s.key, { price: e.currentTarget.value })}
                        />
                      </Table.Td>
                      <Table.Td>
                        {s.attrId ? (
                          <Text size="sm" dir="ltr">
                            {s.savedStock ?? t('goods.sharedStock')}
                          </Text>
                        ) : (
                          <TextInput
                            aria-label={t('goods.specStock')}
                            dir="ltr"
                            inputMode="numeric"
                            placeholder={t('goods.sharedStock')}
                            value={s.stock}
                            data-testid={`spec-stock-${i}`}
                            onChange={(e) => setSpec(s.key, { stock: e.currentTarget.value })}
                          />
                        )}
                      </Table.Td>
                      <Table.Td>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('goods.removeSpec')}
                          onClick={() => set({ specs: form.specs.filter((x) => x.key !== s.key) })}
                        >
                          ✕
                        </ActionIcon>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Stack>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel', { ns: 'console' })}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('common.save', { ns: 'console' })}
            </Button>
          </Group>
        </Stack>
      </form>
    </Drawer>
  );
}
