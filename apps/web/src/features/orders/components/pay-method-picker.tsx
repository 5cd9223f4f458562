import type { PayMethod } from '@mall/contract';
import { useId } from 'react';
import { useTranslation } from '../../../lib/translator/react.ts';

const METHODS: readonly PayMethod[] = ['balance', 'card', 'paypal'];

/** Balance, card or PayPal (SPEC §2), as a radio group that works with the arrow keys. */
export function PayMethodPicker({
  value,
  onChange,
  detail,
}: {
  value: PayMethod;
  onChange(method: PayMethod): void;
  /** Extra text under a method (the wallet balance under "balance"). */
  detail?: Partial<Record<PayMethod, React.ReactNode>>;
}) {
  const { t } = useTranslation('orders');
  const name = useId();
  return (
    <fieldset className="orders-methods">
      <legend>{t('pay.method')}</legend>
      {METHODS.map((m) => (
        <label key={m} className="orders-method" data-checked={value === m || undefined}>
          <input type="radio" name={name} value={m} checked={value === m} onChange={() => onChange(m)} />
          <span className="orders-method-text">
            <strong>{t(`pay.methods.${m}`)}</strong>
            {detail?.[m] && <span className="muted orders-small">{detail[m]}</span>}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
