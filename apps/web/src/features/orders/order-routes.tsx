/**
 * Every order page behind one lazy import from the router: each lazy route adds its chunks' file
 * names to the first paint's preload map, and the order pages share many small modules. One entry
 * point here keeps the home route within its budget, while each page is still its own chunk,
 * loaded when its route is first shown.
 */
import { lazy } from 'react';

const PAGES = {
  settlement: lazy(() => import('./settlement-page.tsx')),
  paySuccess: lazy(() => import('./pay-success-page.tsx')),
  myOrder: lazy(() => import('./my-order-page.tsx')),
  orderDetail: lazy(() => import('./order-detail-page.tsx')),
  orderReturn: lazy(() => import('./order-return-page.tsx')),
  orderEvaluation: lazy(() => import('./order-evaluation-page.tsx')),
};

export type OrderPageName = keyof typeof PAGES;

export default function OrderRoute({ page }: { page: OrderPageName }) {
  const Page = PAGES[page];
  return <Page />;
}
