/**
 * The live quote of the terms being typed: the amount is checked here first (the server's verdict
 * and catalogue key), then sent to the calculator 300 ms after the last keystroke. The previous
 * quote stays on screen while the next one loads.
 */
import type { ErrorKey, LoanProductDto, LoanRepaymentMethod } from '@mall/contract';
import { useDebouncedValue } from '@mantine/hooks';
import { useLoanQuote } from '../api/loans-api.ts';
import { checkLoanAmount } from '../lib/amount.ts';

export interface LoanTerms {
  amount: string;
  termDays: number;
  method: LoanRepaymentMethod;
}

const DEBOUNCE_MS = 300;

export function useQuote(product: LoanProductDto | undefined, terms: LoanTerms) {
  const [settled] = useDebouncedValue(terms, DEBOUNCE_MS);
  const verdict = product ? checkLoanAmount(terms.amount, product) : undefined;
  const settledOk = product ? checkLoanAmount(settled.amount, product).ok : false;
  const quote = useLoanQuote(settledOk ? { ...settled, amount: settled.amount.trim() } : null);
  const amountError: ErrorKey | undefined = verdict && !verdict.ok ? verdict.key : undefined;
  return {
    quote: verdict?.ok ? quote.data : undefined,
    amountError,
    error: quote.error,
    updating: quote.isFetching || (verdict?.ok === true && settled !== terms),
  };
}

/** The terms a form starts with: the smallest amount, the shortest term, the first method. */
export function initialTerms(product: LoanProductDto): LoanTerms {
  return {
    amount: product.amountMin,
    termDays: product.termsDays[0] ?? product.maxTermDays,
    method: product.methods[0] ?? 'maturity',
  };
}
