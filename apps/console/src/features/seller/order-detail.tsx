import { Button, Divider, Drawer, Group, Image, Loader, Stack, Text, Timeline, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { localTime, money } from '../../lib/format.ts';
import { actionsFor, useOrderActions } from './order-actions.ts';
import { OrderStatus } from './order-status.tsx';

function Line({ label, value, ltr }: { label: string; value: string; ltr?: boolean }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ta="end" dir={ltr ? 'ltr' : undefined} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Group>
  );
}

export function OrderDetail({ orderId, onClose }: { orderId: string | null; onClose(): void }) {
  const { t } = useTranslation('console-seller');
  const phone = useMediaQuery('(max-width: 48em)');
  const query = useQuery({
    queryKey: ['seller-order', orderId],
    queryFn: () => api('/api/admin/orders/info', { orderId: orderId ?? '' }),
    enabled: orderId !== null,
  });
  const { run, pending } = useOrderActions();
  const order = query.data;
  return (
    <Drawer
      opened={orderId !== null}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 560}
      title={order ? t('orders.detailTitle', { serial: order.serialNo }) : t('orders.detail')}
    >
      {query.isLoading && <Loader />}
      {order && (
        <Stack gap="md">
          <Group justify="space-between">
            <OrderStatus order={order} />
            <Group gap="xs">
              {actionsFor(order).map((a) => (
                <Button
                  key={a}
                  size="xs"
                  color={a === 'refundRefuse' ? 'red' : undefined}
                  variant={a === 'refundRefuse' ? 'outline' : 'filled'}
                  loading={pending}
                  onClick={() => void run(a, order)}
                >
                  {t(`orders.action.${a}`)}
                </Button>
              ))}
            </Group>
          </Group>
          <Stack gap="xs">
            {order.items.map((item) => (
              <Group key={item.id} gap="sm" wrap="nowrap" align="flex-start">
                <Image src={item.imgUrl} alt="" w={48} h={48} radius="sm" fit="cover" />
                <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                  <Text size="sm" lineClamp={2}>
                    {item.name}
                  </Text>
                  {item.attrName && (
                    <Text size="xs" c="dimmed">
                      {item.attrName}
                    </Text>
                  )}
                </Stack>
                <Text size="sm" dir="ltr">{`${money(item.unitPrice)} × ${item.count}`}</Text>
              </Group>
            ))}
          </Stack>
          <Divider />
          <Stack gap={4}>
            <Line label={t('orders.goodsAmount')} value={money(order.goodsAmount)} ltr />
            <Line label={t('orders.freight')} value={money(order.freight)} ltr />
            <Line label={t('orders.total')} value={money(order.total)} ltr />
            <Line label={t('orders.paid')} value={money(order.paidAmount)} ltr />
            {order.refundedAmount !== '0' && (
              <Line label={t('orders.refundedAmount')} value={money(order.refundedAmount)} ltr />
            )}
            <Line label={t('orders.created')} value={localTime(order.createTime)} ltr />
            {order.payTime && <Line label={t('orders.payTime')} value={localTime(order.payTime)} ltr />}
          </Stack>
          <Divider />
          <Title order={5}>{t('orders.address')}</Title>
          <Text size="sm">
            {order.address.name} ·{' '}
            <span dir="ltr">{`+${order.address.areaCode} ${order.address.phone}`}</span>
          </Text>
          <Text size="sm" c="dimmed">
            {[
              order.address.address,
              order.address.city,
              order.address.state,
              order.address.nation,
              order.address.postCode,
            ]
              .filter(Boolean)
              .join(', ')}
          </Text>
          {order.remark && <Line label={t('orders.remark')} value={order.remark} />}
          {order.returnReason !== null && (
            <>
              <Divider />
              <Title order={5}>{t('orders.afterSales')}</Title>
              <Line label={t('orders.returnReason')} value={t(`orders.reason.${order.returnReason}`)} />
              {order.returnAmount && (
                <Line label={t('orders.returnAmount')} value={money(order.returnAmount)} ltr />
              )}
              {order.returnRemark && <Line label={t('orders.remark')} value={order.returnRemark} />}
              <Group gap="xs">
                {order.returnImages.map((url) => (
                  <a key={url} href={url} target="_blank" rel="noreferrer">
                    <Image src={url} alt="" w={64} h={64} radius="sm" fit="cover" />
                  </a>
                ))}
              </Group>
            </>
          )}
          {order.logistics.length > 0 && (
            <>
              <Divider />
              <Title order={5}>{t('orders.logistics')}</Title>
              <Timeline active={0} bulletSize={12} lineWidth={2}>
                {[...order.logistics].reverse().map((l) => (
                  <Timeline.Item key={`${l.createTime}-${l.content}`} title={l.content}>
                    <Text size="xs" c="dimmed" dir="ltr" ta="start">
                      {`${l.carrier} ${l.trackingNo} · ${localTime(l.createTime)}${l.location ? ` · ${l.location}` : ''}`}
                    </Text>
                  </Timeline.Item>
                ))}
              </Timeline>
            </>
          )}
          <Divider />
          <Title order={5}>{t('orders.history')}</Title>
          <Timeline active={order.events.length - 1} bulletSize={12} lineWidth={2}>
            {order.events.map((e) => (
              <Timeline.Item
                key={`${e.type}-${e.createTime}`}
                title={t(`orders.event.${e.type}`, { defaultValue: e.type })}
              >
                <Text size="xs" c="dimmed" dir="ltr" ta="start">
                  {localTime(e.createTime)}
                </Text>
                {e.note && <Text size="xs">{e.note}</Text>}
              </Timeline.Item>
            ))}
          </Timeline>
        </Stack>
      )}
    </Drawer>
  );
}
