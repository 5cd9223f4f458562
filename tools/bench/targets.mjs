// Endpoints measured by `npm run bench`, each beside the hello-world reference measured in the same
// run. `prepare(base)` runs once against the started mall (create a user, find an id, ...) and
// returns the request to load: `{ path, method?, headers?, body? }`. Later domains add theirs here
// with the ratio they must reach.
// The per-address sign-in limit (30 a minute) would answer TOO_FREQUENT after the first second of
// the login round; the bench's own mall process lifts it (run.mjs passes its environment on).
process.env.RATE_LIMIT_LOGIN_PER_MINUTE ??= '100000000';

/** Signs in a demo buyer (created at start: docs/operations.md) and answers the session token. */
async function demoToken(base) {
  const res = await fetch(`${base}/api/login?lang=en`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demobuyer', password: 'Demo#2026' }),
  });
  const reply = await res.json();
  if (reply.code !== 0) throw new Error(`demo login failed: ${JSON.stringify(reply)}`);
  return reply.data.token;
}

/** GET of the mall that must answer code 0: the bench's requests are built from real ids. */
async function mallGet(base, path) {
  const reply = await (await fetch(`${base}${path}`)).json();
  if (reply.code !== 0) throw new Error(`${path}: ${JSON.stringify(reply).slice(0, 200)}`);
  return reply.data;
}

/**
 * What every browser sends with the storefront's reads: cached answers of 1 KB and more go out
 * compressed (brotli) from the edge cache (core/http/edge-cache.ts), as they are to the buyers the bench stands for.
 */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };

/**
 * The catalogue's hot reads on the generated 50,000-goods catalogue (issue 3): ratios to the
 * hello-world, and p99 at most 10 ms at half of each endpoint's own maximum rate.
 */
export const CATALOGUE_TARGETS = [
  {
    name: 'GET /api/index!home.action',
    target: 0.4,
    p99AtHalfMs: 10,
    prepare: async () => ({ path: '/api/index!home.action?lang=en', headers: BROWSER }),
  },
  {
    // A category page of 12, best sellers first: the storefront's /classification.
    name: 'GET /api/sellerGoods/list (12)',
    target: 0.4,
    p99AtHalfMs: 10,
    prepare: async (base) => {
      const [top] = await mallGet(base, '/api/category!list.action');
      return {
        path: `/api/sellerGoods/list?categoryId=${top.categoryId}&pageSize=12&lang=en`,
        headers: BROWSER,
      };
    },
  },
  {
    name: 'GET /api/sellerGoods/info',
    target: 0.7,
    p99AtHalfMs: 10,
    prepare: async (base) => {
      const page = await mallGet(base, '/api/sellerGoods/list?pageSize=1&sort=sales');
      return {
        path: `/api/sellerGoods/info?sellerGoodsId=${page.pageList[0].sellerGoodsId}&lang=en`,
        headers: BROWSER,
      };
    },
  },
  {
    // A Chinese substring of three characters: the FTS5 trigram path.
    name: 'GET /api/search (蓝牙耳)',
    target: 0.2,
    p99AtHalfMs: 10,
    prepare: async () => ({
      path: `/api/search?keyword=${encodeURIComponent('蓝牙耳')}&lang=en`,
      headers: BROWSER,
    }),
  },
  {
    name: 'GET /api/search/suggest (wireless)',
    target: 0.2,
    p99AtHalfMs: 10,
    prepare: async () => ({ path: '/api/search/suggest?keyword=wireless&lang=en', headers: BROWSER }),
  },
];

export const TARGETS = [
  {
    name: 'GET /api/get/params',
    target: 0.7,
    prepare: async () => ({ path: '/api/get/params?code=mall_max_goods_number_in_order&lang=en' }),
  },
  {
    // argon2id (19 MiB, 2 passes, 1 lane) dominates: one verification per request.
    name: 'POST /api/login',
    target: 0,
    prepare: async () => ({
      path: '/api/login?lang=en',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demobuyer', password: 'Demo#2026' }),
      // 64 connections wait on ~30 ms hashes on one core: about 2 s each, wrk's default time-out.
      timeoutSeconds: 10,
    }),
  },
  {
    name: 'GET /api/get/local/user',
    target: 0.6,
    prepare: async (base) => ({
      path: '/api/get/local/user?lang=en',
      headers: { authorization: `Bearer ${await demoToken(base)}` },
    }),
  },
  ...CATALOGUE_TARGETS,
];
