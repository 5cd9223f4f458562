import type { Envelope, ErrorKey } from '@mall/contract';
import { ERRORS } from '@mall/contract';
import type { LanguageCode } from '@mall/i18n';
import { errorMessage } from '../i18n.ts';

/** The `msg` of every success envelope. */
export const OK_MSG = 'success';

export function okEnvelope<T>(data: T): Envelope<T> {
  return { code: 0, msg: OK_MSG, data };
}

export function errorEnvelope(key: ErrorKey, lang: LanguageCode, data: unknown = null): Envelope {
  return { code: ERRORS[key].code, msg: errorMessage(key, lang), data, key };
}
