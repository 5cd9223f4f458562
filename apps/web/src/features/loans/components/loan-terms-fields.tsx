/**
 * Amount, term and repayment method: the calculator's fields and the application's. The method is a
 * group of radio buttons (arrow keys move between them); the term a native select.
 */
import type { LoanProductDto, LoanRepaymentMethod } from '@mall/contract';
import { NativeSelect, TextInput } from '@mantine/core';
import { useId } from 'react';
import { ltr } from '../../../lib/bidi.ts';
import { useTranslation } from '../../../lib/translator/react.ts';
import type { LoanTerms } from '../hooks/use-quote.ts';
import { formatAmount } from '../lib/amount.ts';

export function LoanTermsFields({
  product,
  terms,
  onChange,
  amountError,
}: {
  product: LoanProductDto;
  terms: LoanTerms;
  onChange(next: LoanTerms): void;
  amountError?: string | undefined;
}) {
  const { t } = useTranslation('loans');
  const id = useId();
  const methodLabel = (m: LoanRepaymentMethod) => t(`calc.methods.${m}`, { days: product.cycleDays });
  return (
    <div className="loan-terms">
      <TextInput
        label={t('calc.amount')}
        value={terms.amount}
        onChange={(event) => onChange({ ...terms, amount: event.currentTarget.value })}
        inputMode="decimal"
        autoComplete="off"
        dir="ltr"
        required
        name="amount"
        description={t('calc.amountHint', {
          min: ltr(formatAmount(product.amountMin, 0)),
          max: ltr(formatAmount(product.amountMax, 0)),
        })}
        error={amountError}
        className="loan-field-amount"
      />
      <NativeSelect
        label={t('calc.term')}
        value={String(terms.termDays)}
        onChange={(event) => onChange({ ...terms, termDays: Number(event.currentTarget.value) })}
        data={product.termsDays.map((d) => ({
          value: String(d),
          label: t('common.days', { days: d, count: d }),
        }))}
        name="termDays"
        className="loan-field-term"
      />
      <fieldset className="loan-methods">
        <legend className="loan-label">{t('calc.method')}</legend>
        <div className="loan-method-options">
          {product.methods.map((m) => (
            <label key={m} className="loan-method" data-checked={terms.method === m || undefined}>
              <input
                type="radio"
                name={`${id}-method`}
                value={m}
                checked={terms.method === m}
                onChange={() => onChange({ ...terms, method: m })}
              />
              <span className="loan-method-text">
                <span className="loan-method-name">{methodLabel(m)}</span>
                <span className="muted loan-method-hint">{t(`calc.methodHints.${m}`)}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
