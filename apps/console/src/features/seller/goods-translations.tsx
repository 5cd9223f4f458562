/**
 * The goods editor's translations: the language its name and description are written in, and
 * (optionally) a name and description in further languages, one each. Buyers of such a language
 * see the translation; everyone else sees the original, marked as the seller's own words.
 */
import { SELLER_LIMITS } from '@mall/contract';
import { LANGUAGES, type LanguageCode } from '@mall/i18n';
import { ActionIcon, Button, Card, Group, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface TranslationRow {
  key: string;
  lang: LanguageCode | null;
  name: string;
  description: string;
}

let nextKey = 0;
export const translationKey = () => `translation-${++nextKey}`;

const options = LANGUAGES.map((l) => ({ value: l.code, label: l.name }));

export function GoodsTranslations({
  lang,
  rows,
  onLang,
  onRows,
}: {
  lang: LanguageCode;
  rows: TranslationRow[];
  onLang(lang: LanguageCode): void;
  onRows(rows: TranslationRow[]): void;
}) {
  const { t } = useTranslation('console-seller');
  const taken = new Set<string>([lang, ...rows.map((r) => r.lang ?? '')]);
  const setRow = (key: string, patch: Partial<TranslationRow>) =>
    onRows(rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const free = options.filter((o) => !taken.has(o.value));
  return (
    <Stack gap={6} data-testid="goods-translations">
      <Select
        label={t('goods.originalLang')}
        data={options}
        value={lang}
        allowDeselect={false}
        onChange={(v) => v && onLang(v as LanguageCode)}
        data-testid="goods-lang"
      />
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          {t('goods.translations')}
        </Text>
        <Button
          size="xs"
          variant="default"
          disabled={free.length === 0}
          onClick={() =>
            onRows([
              ...rows,
              {
                key: translationKey(),
                lang: (free[0]?.value as LanguageCode) ?? null,
                name: '',
                description: '',
              },
            ])
          }
        >
          {t('goods.addTranslation')}
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        {t('goods.translationsHint')}
      </Text>
      {rows.map((r, i) => (
        <Card key={r.key} withBorder padding="sm">
          <Stack gap={6}>
            <Group align="flex-end" wrap="nowrap">
              <Select
                label={t('goods.translationLang')}
                required
                data={options.filter((o) => o.value === r.lang || !taken.has(o.value))}
                value={r.lang}
                allowDeselect={false}
                onChange={(v) => setRow(r.key, { lang: v as LanguageCode })}
                data-testid={`translation-lang-${i}`}
                style={{ flex: 1 }}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={t('goods.removeTranslation')}
                onClick={() => onRows(rows.filter((x) => x.key !== r.key))}
              >
                ✕
              </ActionIcon>
            </Group>
            <TextInput
              label={t('goods.name')}
              required
              maxLength={SELLER_LIMITS.goodsNameMax}
              value={r.name}
              dir="auto"
              data-testid={`translation-name-${i}`}
              onChange={(e) => setRow(r.key, { name: e.currentTarget.value })}
            />
            <Textarea
              label={t('goods.description')}
              autosize
              minRows={2}
              maxLength={SELLER_LIMITS.goodsDescriptionMax}
              value={r.description}
              dir="auto"
              data-testid={`translation-description-${i}`}
              onChange={(e) => setRow(r.key, { description: e.currentTarget.value })}
            />
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
