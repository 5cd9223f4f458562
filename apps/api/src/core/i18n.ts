/** Translating catalogue errors into the caller's language. */
import { ERRORS, type ErrorKey } from '@mall/contract';
import { DEFAULT_LANGUAGE, type LanguageCode } from '@mall/i18n';
import { loadErrorMessages } from '@mall/i18n/server';

const messages = loadErrorMessages();

export function errorMessage(key: ErrorKey, lang: LanguageCode): string {
  if (lang === 'zh-CN') return ERRORS[key].zh;
  return messages.get(lang)?.[key] ?? messages.get(DEFAULT_LANGUAGE)?.[key] ?? ERRORS[key].zh;
}
