/** The price range filter: two decimal inputs and Apply; checked as the server checks them. */
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from '../../../lib/translator/react.ts';

const DECIMAL = /^\d{1,9}(\.\d{1,10})?$/;

export function PriceFilter({
  min,
  max,
  onApply,
}: {
  min: string;
  max: string;
  onApply: (min: string, max: string) => void;
}) {
  const { t } = useTranslation('catalogue');
  const id = useId();
  const [low, setLow] = useState(min);
  const [high, setHigh] = useState(max);
  const [problem, setProblem] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const a = low.trim();
    const b = high.trim();
    if ((a && !DECIMAL.test(a)) || (b && !DECIMAL.test(b))) {
      setProblem(t('filters.priceInvalid'));
      return;
    }
    if (a && b && Number(a) > Number(b)) {
      setProblem(t('filters.priceOrder'));
      return;
    }
    setProblem('');
    onApply(a, b);
  };

  return (
    <form className="price-filter" onSubmit={submit} noValidate>
      <div className="price-filter-row">
        <label className="visually-hidden" htmlFor={`${id}-min`}>
          {t('filters.minPrice')}
        </label>
        <input
          id={`${id}-min`}
          inputMode="decimal"
          dir="ltr"
          placeholder={t('filters.min')}
          value={low}
          onChange={(e) => setLow(e.currentTarget.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
        />
        <span aria-hidden="true">–</span>
        <label className="visually-hidden" htmlFor={`${id}-max`}>
          {t('filters.maxPrice')}
        </label>
        <input
          id={`${id}-max`}
          inputMode="decimal"
          dir="ltr"
          placeholder={t('filters.max')}
          value={high}
          onChange={(e) => setHigh(e.currentTarget.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
        />
        <button type="submit" className="small-button">
          {t('filters.apply')}
        </button>
      </div>
      {problem && (
        <p id={`${id}-problem`} className="error-text filter-problem" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
