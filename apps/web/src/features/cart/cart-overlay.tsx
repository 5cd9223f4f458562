/**
 * The cart's lazy chunk: the floating cart button (on the SPEC §2 routes) and the drawer, 400 px
 * from the inline end (right in English, left in Arabic), full width on a phone. Mantine's drawer
 * locks the page's scrolling, traps the focus and closes on Escape; a navigation closes it too.
 */
import { Drawer } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { apiCall } from '../../lib/api-client.ts';
import { currentBrand } from '../../lib/brand.ts';
import { setCartDrawerOpen, setMaxBuy, useCart, useCartDrawerOpen } from '../../lib/cart.ts';
import { useLocation } from '../../lib/router/router.tsx';
import { useTranslation } from '../../lib/translator/react.ts';
import { CartBody } from './cart-body.tsx';
import './cart.css';
import { PIXELS } from '@mall/contract/ui-constants';

const DRAWER_WIDTH = PIXELS.cartDrawer;

function CartIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
      <path
        fill="currentColor"
        d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4zM5.2 4l.6 2H21l-2.4 8.4A2 2 0 0 1 16.7 16H8.1a2 2 0 0 1-1.9-1.4L3.6 4H1V2h4.1a1 1 0 0 1 1 .7z"
      />
    </svg>
  );
}

function CartButton() {
  const { t } = useTranslation('orders');
  const lines = useCart();
  const open = useCartDrawerOpen();
  const count = lines.length;
  return (
    <button
      type="button"
      className="floating cart-fab"
      data-lottery={currentBrand().lotteryUrl ? '' : undefined}
      aria-label={t('cart.openWithCount', { count })}
      aria-haspopup="dialog"
      aria-expanded={open}
      title={t('cart.title')}
      onClick={() => setCartDrawerOpen(true)}
    >
      <CartIcon />
      {count > 0 && (
        <span className="cart-fab-count" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </button>
  );
}

let maxBuyAsked = false;

/** The mall's largest quantity per line (`mall_max_goods_number_in_order`), read once per page load. */
function readMaxBuy(): void {
  if (maxBuyAsked) return;
  maxBuyAsked = true;
  apiCall('/api/get/params', {
    params: { code: 'mall_max_goods_number_in_order' },
  }).then(
    (params) => setMaxBuy(Number(params.mall_max_goods_number_in_order)),
    () => {
      maxBuyAsked = false;
    },
  );
}

export default function CartOverlay({ withButton }: { withButton: boolean }) {
  const { t } = useTranslation('orders');
  const open = useCartDrawerOpen();
  const lines = useCart();
  const { pathname } = useLocation();
  const seen = useRef(pathname);
  useEffect(readMaxBuy, []);
  useEffect(() => {
    if (seen.current === pathname) return;
    seen.current = pathname;
    setCartDrawerOpen(false);
  }, [pathname]);
  // Signing out elsewhere unmounts this; closing here keeps the next user's drawer shut.
  useEffect(() => () => setCartDrawerOpen(false), []);
  return (
    <>
      {withButton && <CartButton />}
      <Drawer
        opened={open}
        onClose={() => setCartDrawerOpen(false)}
        position="right"
        size={DRAWER_WIDTH}
        title={t('cart.titleWithCount', { count: lines.length })}
        classNames={{ content: 'cart-drawer', body: 'cart-drawer-body', title: 'cart-drawer-title' }}
        closeButtonProps={{ 'aria-label': t('cart.close') }}
      >
        <CartBody />
      </Drawer>
    </>
  );
}
