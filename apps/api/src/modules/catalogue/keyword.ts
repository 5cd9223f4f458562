/**
 * Keywords as typed by buyers: control characters dropped, whitespace collapsed, at most
 * SEARCH_KEYWORD_MAX characters (longer is PARAMETER_ERROR, never a 500), at most 8 distinct terms.
 * Syntax characters (`"`, `*`, `%`, `'`, `NEAR`...) stay plain text: the repository quotes or escapes them.
 */
import { SEARCH_KEYWORD_MAX } from '@mall/contract';
import { AppError } from '../../core/errors.ts';
import type { Keyword } from './search.repository.ts';

const MAX_TERMS = 8;
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2064\ufeff]/g;

/** Undefined when nothing is left to search for. */
export function normalizeKeyword(raw: string | undefined): Keyword | undefined {
  if (raw === undefined) return undefined;
  if (raw.length > SEARCH_KEYWORD_MAX * 8) throw new AppError('PARAMETER_ERROR', { field: 'keyword' });
  const phrase = raw.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
  if (phrase.length === 0) return undefined;
  if ([...phrase].length > SEARCH_KEYWORD_MAX) throw new AppError('PARAMETER_ERROR', { field: 'keyword' });
  const terms = [...new Set(phrase.split(' '))].slice(0, MAX_TERMS);
  return { phrase, terms };
}

/** The cache key of a keyword: case does not change what matches. */
export function keywordKey(keyword: Keyword | undefined): string {
  return keyword ? keyword.phrase.toLowerCase() : '';
}
