import type { Envelope, ErrorKey } from '@mall/contract';
import { ERRORS } from '@mall/contract';
import type { LanguageCode } from '@mall/i18n';
import { errorMessage } from '../i18n.ts';

export function okEnvelope<T>(data: T): Envelope<T> {
  return { code: 0, msg: 'success', data };
}

export function errorEnvelope(key: ErrorKey, lang: LanguageCode, data: unknown = null): Envelope {
  return { code: ERRORS[key].code, msg: errorMessage(key, lang), data, key };
}
