/**
 * Stock of one goods: its own and that of each specification that keeps its own. The seller adds
 * or takes units (never types a new total), so orders placed meanwhile are never overwritten.
 */
import type { SellerGoodsDetailDto } from '@mall/contract';
import { Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { showDone, showError } from '../../lib/errors.ts';

function StockLine({
  label,
  stock,
  goodsId,
  attrId,
  onSaved,
}: {
  label: string;
  stock: number;
  goodsId: string;
  attrId?: string;
  onSaved(goods: SellerGoodsDetailDto): void;
}) {
  const { t } = useTranslation('console-seller');
  const [change, setChange] = useState<number | string>('');
  const apply = useMutation({
    mutationFn: () =>
      api('/api/admin/seller/goods/stock', {
        sellerGoodsId: goodsId,
        change: change as number,
        ...(attrId ? { attrId } : {}),
      }),
    onSuccess: (goods) => {
      setChange('');
      showDone(t('stock.saved'));
      onSaved(goods);
    },
    onError: showError,
  });
  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Stack gap={0}>
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Text size="xs" c="dimmed">
          {t('stock.current', { count: stock })}
        </Text>
      </Stack>
      <Group gap="xs" wrap="nowrap">
        <NumberInput
          aria-label={t('stock.change')}
          placeholder={t('stock.changeHint')}
          allowDecimal={false}
          w={130}
          value={change}
          onChange={setChange}
          data-testid={attrId ? `stock-change-${attrId}` : 'stock-change'}
        />
        <Button
          size="xs"
          disabled={change === '' || Number(change) === 0}
          loading={apply.isPending}
          onClick={() => apply.mutate()}
        >
          {t('stock.apply')}
        </Button>
      </Group>
    </Group>
  );
}

export function StockDialog({
  goods,
  onClose,
  onSaved,
}: {
  goods: SellerGoodsDetailDto | null;
  onClose(): void;
  onSaved(goods: SellerGoodsDetailDto): void;
}) {
  const { t } = useTranslation('console-seller');
  return (
    <Modal
      opened={goods !== null}
      onClose={onClose}
      title={goods ? t('stock.title', { name: goods.name }) : ''}
      centered
    >
      {goods && (
        <Stack>
          <StockLine
            label={t('stock.goods')}
            stock={goods.stock}
            goodsId={goods.sellerGoodsId}
            onSaved={onSaved}
          />
          {goods.specs
            .filter((s) => s.stock !== null)
            .map((s) => (
              <StockLine
                key={s.attrId}
                label={s.name}
                stock={s.stock ?? 0}
                goodsId={goods.sellerGoodsId}
                attrId={s.attrId}
                onSaved={onSaved}
              />
            ))}
          {goods.specs.some((s) => s.stock === null) && (
            <Text size="xs" c="dimmed">
              {t('stock.sharedNote')}
            </Text>
          )}
        </Stack>
      )}
    </Modal>
  );
}
