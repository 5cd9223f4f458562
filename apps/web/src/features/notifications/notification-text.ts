/**
 * What a notification says and where it leads, from its kind and parameters: the words come from
 * the `notifications` namespace in the reader's language, amounts in the brand's money style and
 * kept left to right inside right-to-left sentences.
 */
import type { NotificationDto } from '@mall/contract';
import { moneyInText } from '../../lib/money-text.ts';

type Translate = (key: string, values?: Record<string, unknown>) => string;

export function notificationText(t: Translate, n: NotificationDto): string {
  const values: Record<string, string> = { ...n.params };
  if (n.params.amount) values.amount = moneyInText(n.params.amount);
  if (n.params.serialNo) values.serialNo = `\u2066${n.params.serialNo}\u2069`;
  return t(`kind.${n.kind}`, values);
}

/** The page of the thing a notification is about; `chat` opens the service window instead. */
export function notificationTarget(n: NotificationDto): string | 'chat' {
  const id = encodeURIComponent(n.source.id);
  switch (n.source.type) {
    case 'order':
      return `/userInfo/order-detail?orderId=${id}`;
    case 'deposit':
      return '/userInfo/money-package';
    case 'withdrawal':
      return '/userInfo/money-package?tab=withdraw';
    case 'loan':
      return '/credit/myLoan';
    case 'verification':
      return n.kind.startsWith('verification.c3') ? '/userInfo/setup/c3' : '/userInfo/setup/real-name';
    case 'chat':
      return 'chat';
  }
}
