/**
 * Favourite goods and followed stores (docs/api/catalogue.md, "Favourites and follows"), shared by
 * the product page, the store page and the user centre's lists. A visitor who favourites or follows
 * is sent to sign in with the way back in `redirect` (SPEC: logged out goes to /login and comes back).
 */
import type { GoodsInfoDto, SellerInfoDto } from '@mall/contract';
import type { ApiInput, ApiPath } from '@mall/contract/api-calls';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loginPathFor } from '../components/require-login.tsx';
import { apiCall } from './api-client.ts';
import { catalogueKeys } from './catalogue-api.ts';
import { showError } from './errors.ts';
import { useLangNavigate } from './nav.tsx';
import { useLocation } from './router/router.tsx';
import { currentSession } from './session.ts';

export const keepKeys = {
  all: ['keep'] as const,
  goods: (page: number) => ['keep', 'goods', page] as const,
  goodsCount: ['keep', 'goods-count'] as const,
  sellers: (page: number) => ['keep', 'sellers', page] as const,
  sellersCount: ['keep', 'sellers-count'] as const,
};

const post = <P extends ApiPath>(path: P, body: ApiInput<P>) => apiCall(path, { method: 'POST', body });

export const fetchKeepGoods = (pageNum: number, pageSize: number) =>
  post('/api/keepGoods/list', { pageNum, pageSize });
export const fetchFocusSellers = (pageNum: number, pageSize: number) =>
  post('/api/focus/seller/list', { pageNum, pageSize });
export const fetchKeepCount = () => post('/api/keep/goods/count', {});
export const fetchFocusCount = () => post('/api/focus/seller/count', {});

/** A function that answers true when signed in, else sends the visitor to sign in and back. */
export function useSignedInOrLogin(): () => boolean {
  const navigate = useLangNavigate();
  const { pathname, search } = useLocation();
  return () => {
    if (currentSession()) return true;
    navigate(loginPathFor(pathname, search));
    return false;
  };
}

type Toggle = { id: string; on: boolean };

/** Favourite (`on`) or unfavourite goods; refreshes the goods page and the favourites list. */
export function useKeepMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, on }: Toggle) =>
      on
        ? post('/api/keepGoods/add', { sellerGoodsId: id })
        : post('/api/keepGoods/del', { sellerGoodsId: [id] }),
    onError: showError,
    onSuccess: (_data, { id, on }) => {
      client.setQueryData<GoodsInfoDto>(catalogueKeys.goodsInfo(id), (info) =>
        info ? { ...info, isKeep: on } : info,
      );
    },
    onSettled: (_data, _error, { id }) => {
      void client.invalidateQueries({ queryKey: catalogueKeys.goodsInfo(id) });
      void client.invalidateQueries({ queryKey: keepKeys.all });
    },
  });
}

/** The follower count and follow state of a store after a follow (`on`) or an unfollow. */
function withFollow<T extends { isFocus: boolean; followers: number }>(info: T, on: boolean): T {
  if (info.isFocus === on) return info;
  return { ...info, isFocus: on, followers: Math.max(0, info.followers + (on ? 1 : -1)) };
}

type FollowSnapshot = [readonly unknown[], unknown][];

/**
 * Follow (`on`) or unfollow a store. The store page and every goods page of that store show the
 * new state and follower count at once; a refused request puts them back. The pages are then read
 * afresh (the server drops its cached count on a follow).
 */
export function useFollowMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, on }: Toggle) =>
      on
        ? post('/api/focus/seller/add', { sellerId: id })
        : post('/api/focus/seller/del', { sellerId: [id] }),
    onMutate: async ({ id, on }): Promise<FollowSnapshot> => {
      await client.cancelQueries({ queryKey: catalogueKeys.sellerInfo(id) });
      await client.cancelQueries({ queryKey: ['catalogue', 'goods-info'] });
      const snapshot: FollowSnapshot = [];
      const store = client.getQueryData<SellerInfoDto>(catalogueKeys.sellerInfo(id));
      if (store) {
        snapshot.push([catalogueKeys.sellerInfo(id), store]);
        client.setQueryData(catalogueKeys.sellerInfo(id), withFollow(store, on));
      }
      for (const [key, info] of client.getQueriesData<GoodsInfoDto>({
        queryKey: ['catalogue', 'goods-info'],
      })) {
        if (info?.sellerId !== id) continue;
        snapshot.push([key, info]);
        const seller = withFollow({ ...info.seller, isFocus: info.isFocus }, on);
        const { isFocus, ...card } = seller;
        client.setQueryData<GoodsInfoDto>(key, { ...info, isFocus, seller: card });
      }
      return snapshot;
    },
    onError: (error, _toggle, snapshot) => {
      for (const [key, data] of snapshot ?? []) client.setQueryData(key, data);
      showError(error);
    },
    onSettled: (_data, _error, { id }) => {
      void client.invalidateQueries({ queryKey: catalogueKeys.sellerInfo(id) });
      void client.invalidateQueries({ queryKey: ['catalogue', 'goods-info'] });
      void client.invalidateQueries({ queryKey: keepKeys.all });
    },
  });
}
