import { useEffect } from 'react';
import { apiCall } from '../../../lib/api-client.ts';
import { setMaxBuy } from '../../../lib/cart.ts';

let asked = false;

/** Reads the mall's largest quantity per line (`mall_max_goods_number_in_order`) once per page load. */
export function useMaxBuyParam(): void {
  useEffect(() => {
    if (asked) return;
    asked = true;
    apiCall('/api/get/params', {
      params: { code: 'mall_max_goods_number_in_order' },
    }).then(
      (params) => setMaxBuy(Number(params.mall_max_goods_number_in_order)),
      () => {
        asked = false;
      },
    );
  }, []);
}
