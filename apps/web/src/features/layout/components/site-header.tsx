import { PIXELS } from '@mall/contract';
import { lazy, Suspense, useState } from 'react';
import { apiCall } from '../../../lib/api-client.ts';
import { currentBrand } from '../../../lib/brand.ts';
import { LangLink, useLangNavigate } from '../../../lib/nav.tsx';
import { setNotificationsOpen, useNotificationsUnread } from '../../../lib/notifications-store.ts';
import { openPromotionFromLink } from '../../../lib/promotion.ts';
import { setServiceDialogOpen, useServiceUnread } from '../../../lib/service-dialog-store.ts';
import { useSession } from '../../../lib/session.ts';
import { endSessionThenGo } from '../../../lib/sign-out.ts';
import { useTranslation } from '../../../lib/translator/react.ts';
import { useScrollY } from '../../../lib/use-scroll-y.ts';
import { withMantine } from '../../../lib/with-mantine.tsx';
import { Icon } from './icons.tsx';
import { LanguageMenu } from './language-menu.tsx';
import { SearchBox } from './search-box.tsx';
import { UnreadBadge } from './unread-badge.tsx';

const MobileMenu = lazy(withMantine(() => import('./mobile-menu.tsx')));

const NAV = [
  ['/index', 'nav.home'],
  ['/classification', 'nav.categories'],
  ['/commodity', 'nav.commodity'],
  ['/discounted', 'nav.discounted'],
  ['/information', 'nav.information'],
  ['/credit', 'nav.credit'],
  ['/merchantSettled', 'nav.merchantSettled'],
] as const;

export function SiteHeader() {
  const { t } = useTranslation();
  const brand = currentBrand();
  const navigate = useLangNavigate();
  const shrunk = useScrollY() > PIXELS.headerShrinkAt;
  const [menuOpen, setMenuOpen] = useState(false);
  // The drawer's code loads the first time the menu opens, then stays for its closing animation.
  const [menuLoaded, setMenuLoaded] = useState(false);
  if (menuOpen && !menuLoaded) setMenuLoaded(true);
  const session = useSession();
  // Replies not read yet, from the chat's connection (loaded after the first paint).
  const serviceUnread = useServiceUnread();
  const messagesUnread = useNotificationsUnread();
  const messagesLabel =
    messagesUnread > 0 ? t('header.messagesUnread', { count: messagesUnread }) : t('header.messages');
  const loggedIn = session !== null;
  const user = session?.user ?? null;

  const logout = async () => {
    try {
      await apiCall('/api/user!logout.action');
    } catch {
      // The session is forgotten locally whatever the server says.
    }
    // Signed out here too, then to the home page, which wins over the sign-in redirect of the
    // page being left (SPEC §4: logout goes to /index).
    endSessionThenGo(() => navigate('/index'));
  };

  const account = loggedIn ? (
    <>
      <LangLink to="/userInfo/dashboard" className="header-action">
        <Icon name="user" />
        <span className="header-action-label">{t('header.hello', { name: user?.username ?? '' })}</span>
      </LangLink>
      <button type="button" className="header-action" onClick={logout}>
        {t('header.logout')}
      </button>
    </>
  ) : (
    <>
      <LangLink to="/login" className="header-action">
        <Icon name="user" />
        <span>{t('header.login')}</span>
      </LangLink>
      <LangLink to="/register" className="header-action header-register">
        {t('header.register')}
      </LangLink>
    </>
  );

  // The message centre's button; phones show a second one beside the menu button, since the
  // header's actions are inside the menu there and the unread count must stay in sight.
  const messagesButton = (testId: string, className = 'header-action') => (
    <button
      type="button"
      className={className}
      onClick={() => setNotificationsOpen(true)}
      aria-haspopup="dialog"
      aria-label={messagesLabel}
      title={messagesLabel}
      data-testid={testId}
    >
      <UnreadBadge count={messagesUnread} max={9}>
        <Icon name="mail" />
      </UnreadBadge>
    </button>
  );

  const actions = (
    <>
      {account}
      <button
        type="button"
        className="header-action"
        onClick={() => setServiceDialogOpen(true)}
        aria-label={t('header.customerService')}
        title={t('header.customerService')}
      >
        <UnreadBadge count={serviceUnread}>
          <Icon name="headset" />
        </UnreadBadge>
        <span className="header-action-label">{t('header.customerService')}</span>
      </button>
      {loggedIn && messagesButton('header-messages')}
      <LanguageMenu />
    </>
  );

  // The menu row is a sibling below the sticky header, so it scrolls away with the page while the
  // header row stays whole (a sticky header offset by the menu's height cut its own top instead).
  return (
    <>
      <header className={`site-header${shrunk ? ' is-shrunk' : ''}`}>
        <div className="header-main container">
          <LangLink to="/index" className="brand-logo" aria-label={brand.name}>
            <img src="/brand-icon.svg" alt="" width={40} height={40} />
            <span className="brand-name">{brand.name}</span>
          </LangLink>
          <div className="header-search">
            <SearchBox key={user?.usercode ?? 'visitor'} />
          </div>
          <div className="header-actions">{actions}</div>
          {loggedIn && messagesButton('header-messages-phone', 'header-action header-messages-phone')}
          {/* A plain button (no Mantine in the shell: app/mantine-scope.tsx); its lines are CSS. */}
          <button
            type="button"
            className="header-burger"
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen((open) => !open)}
            aria-label={t('common.openMenu')}
          >
            <span className="header-burger-lines" aria-hidden="true" />
          </button>
        </div>
        {menuLoaded && (
          <Suspense fallback={null}>
            <MobileMenu
              opened={menuOpen}
              title={brand.name}
              onClose={() => setMenuOpen(false)}
              nav={NAV}
              actions={actions}
            />
          </Suspense>
        )}
      </header>
      <div className="header-nav-bar">
        <nav className="header-nav container" aria-label={t('nav.home')}>
          {NAV.map(([to, label]) => (
            <LangLink
              key={to}
              to={to}
              onClick={to === '/merchantSettled' ? openPromotionFromLink : undefined}
            >
              {t(label)}
            </LangLink>
          ))}
        </nav>
      </div>
    </>
  );
}
