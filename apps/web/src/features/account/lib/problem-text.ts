import { ApiError } from '../../../lib/api-client.ts';
import { failureText } from '../../../lib/errors.ts';
import { useTranslation } from '../../../lib/translator/react.ts';
import type { Problem } from './validation.ts';

/** Turns a client-side problem (a namespaced key, maybe with values) into text. */
export function useProblemText(): (problem: Problem | undefined) => string | undefined {
  const { t } = useTranslation('account');
  return (problem) => {
    if (problem === undefined) return undefined;
    return typeof problem === 'string' ? t(problem) : t(problem[0], problem[1]);
  };
}

/** The catalogue key of a failed call, when the server sent one. */
export function errorKeyOf(error: unknown): string | undefined {
  return error instanceof ApiError ? error.key : undefined;
}

export { failureText };
