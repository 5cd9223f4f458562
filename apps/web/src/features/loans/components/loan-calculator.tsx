/** The landing page's calculator: terms in, cost and schedule out, live. */
import type { LoanProductDto } from '@mall/contract';
import { useState } from 'react';
import { errorText } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/translator/react.ts';
import { initialTerms, type LoanTerms, useQuote } from '../hooks/use-quote.ts';
import { LoanTermsFields } from './loan-terms-fields.tsx';
import { QuoteFigures, QuoteSchedule } from './quote-summary.tsx';

export function LoanCalculator({ product }: { product: LoanProductDto }) {
  const { t } = useTranslation('loans');
  const [terms, setTerms] = useState<LoanTerms>(() => initialTerms(product));
  const { quote, amountError, updating } = useQuote(product, terms);
  return (
    <section className="loan-panel loan-calculator" aria-labelledby="loan-calc-title">
      <h2 id="loan-calc-title">{t('calc.title')}</h2>
      <div className="loan-calc-grid">
        <LoanTermsFields
          product={product}
          terms={terms}
          onChange={setTerms}
          amountError={amountError ? errorText(amountError) : undefined}
        />
        <QuoteFigures product={product} quote={quote} updating={updating && !amountError} />
      </div>
      <QuoteSchedule product={product} quote={quote} />
    </section>
  );
}
