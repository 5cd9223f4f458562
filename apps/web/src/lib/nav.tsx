/**
 * Every navigation carries the current `lang` (SPEC §2). `withLang` decorates a path; LangLink and
 * useLangNavigate use it so no link can forget.
 */
import { forwardRef } from 'react';
import { queryLanguage } from './language.ts';
import { Link, type LinkProps, useNavigate } from './router/router.tsx';

export function withLang(path: string): string {
  const [pathAndQuery = '', hash] = path.split('#');
  const [pathname = '/', query = ''] = pathAndQuery.split('?');
  const params = new URLSearchParams(query);
  params.set('lang', queryLanguage());
  return `${pathname}?${params.toString()}${hash ? `#${hash}` : ''}`;
}

export const LangLink = forwardRef<HTMLAnchorElement, Omit<LinkProps, 'to'> & { to: string }>(
  function LangLink({ to, ...rest }, ref) {
    return <Link ref={ref} to={withLang(to)} {...rest} />;
  },
);

export function useLangNavigate(): (path: string, options?: { replace?: boolean }) => void {
  const navigate = useNavigate();
  return (path, options) => {
    void navigate(withLang(path), options);
  };
}
