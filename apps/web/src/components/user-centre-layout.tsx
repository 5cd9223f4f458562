/**
 * The user centre (SPEC §2 /userInfo): a side menu of the user's pages beside the page itself; on a
 * phone the menu becomes a row of tabs that scrolls sideways. Signed-in users only.
 */
import { useEffect, useRef } from 'react';
import { LangLink } from '../lib/nav.tsx';
import { Outlet, useLocation } from '../lib/router/router.tsx';
import { useSession } from '../lib/session.ts';
import { useTranslation } from '../lib/translator/react.ts';
import { RequireLogin } from './require-login.tsx';

const MENU: [path: string, labelKey: string][] = [
  ['/userInfo/dashboard', 'routes.dashboard'],
  ['/userInfo/my-order', 'routes.myOrder'],
  ['/userInfo/collect-goods', 'routes.collectGoods'],
  ['/userInfo/collect-shop', 'routes.collectShop'],
  ['/userInfo/money-package', 'routes.moneyPackage'],
  ['/userInfo/setup/index', 'routes.setup'],
  ['/userInfo/download', 'routes.download'],
];

/** The menu entry a path belongs to (order details belong to orders, deposits to the wallet, ...). */
function sectionOf(pathname: string): string | undefined {
  if (pathname.startsWith('/userInfo/order-')) return '/userInfo/my-order';
  if (pathname.startsWith('/userInfo/money-package')) return '/userInfo/money-package';
  if (pathname.startsWith('/userInfo/setup')) return '/userInfo/setup/index';
  return MENU.find(([path]) => pathname === path)?.[0];
}

function Menu() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const user = useSession()?.user;
  const current = sectionOf(pathname);
  const list = useRef<HTMLUListElement>(null);
  // On a phone the tabs scroll sideways: bring the current one into view (it may be off screen).
  useEffect(() => {
    const ul = list.current;
    if (!ul || ul.scrollWidth <= ul.clientWidth || !current) return;
    ul.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [current]);
  return (
    <nav className="user-centre-menu" aria-label={t('routes.userInfo')}>
      {user && (
        <p className="user-centre-name">
          <bdi>{user.username}</bdi>
        </p>
      )}
      <ul ref={list}>
        {MENU.map(([path, label]) => (
          <li key={path}>
            <LangLink to={path} aria-current={current === path ? 'page' : undefined}>
              {t(label)}
            </LangLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function UserCentreLayout() {
  return (
    <RequireLogin>
      <div className="container user-centre">
        <Menu />
        <div className="user-centre-page">
          <Outlet />
        </div>
      </div>
    </RequireLogin>
  );
}
