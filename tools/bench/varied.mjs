// The catalogue's "varied" rows (issue 27): what a buyer waits for when the caches have not seen
// the request. The hot rows of run.mjs repeat one URL, so they measure the edge cache; here every
// URL is asked exactly once on the 50,000-goods catalogue, one request at a time, and the time to
// the whole answer is reported (median, p90, max), with the server's CPU time per request.
//
// Kinds: 2,000 goods pages; the first goods page of each store (293 after the warm-up), which also
// reads the store's card; 2,000 list pages (/classification, /commodity, /discounted and store
// pages, by every sort, pages 1-8); 2,000 searches (words and word pairs of goods names, from the
// commonest, "set" in 4,355 names, to those in three; header search and goods search page).
//
// Cold means (decided for issue 27): each URL is asked once, so neither the edge cache
// (core/http/edge-cache.ts) nor the goods-page cache ever answers. What the process keeps across
// different URLs (the category tree, store cards, the total of a list's filter) stays as a running
// mall keeps it: the first request fills it, later ones use it, as on a live site; the "new store"
// row shows the goods page when the store card is not kept either. Caches are not switched off: a
// switch would measure a server nobody runs. A warm-up of other URLs of each kind comes first (not
// counted), so the numbers are the server's work, not the JIT's first compile. The requests carry
// the browser's Accept-Encoding, so the compression of a miss is counted too.
//
// The URLs are read from the seeded database before the mall starts (ids, categories, stores and
// words of goods names), spread evenly and in a fixed order: two runs ask the same URLs.
import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';

/** Targets of issue 27: medians of uncached reads on this machine (ms). */
export const VARIED_TARGETS_MS = { 'goods page, new store': 3, 'goods page': 3, list: 5, search: 5 };
const WARMUP_STORES = 20;
export const VARIED_PER_KIND = 2000;
const WARMUP_PER_KIND = 200;
const SORTS = ['default', 'sales', 'price_asc', 'price_desc', 'new'];
const TYPES = ['new', 'hot', 'recommend', 'discount'];
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };

/** `n` elements of `xs` spread evenly over it (all of them when there are fewer). */
function spread(xs, n) {
  if (xs.length <= n) return [...xs];
  const out = [];
  for (let i = 0; i < n; i++) out.push(xs[Math.floor((i * xs.length) / n)]);
  return out;
}

/** A fixed shuffle (mulberry32), so that neighbours in a list are not asked one after another. */
function shuffled(xs, seed = 27) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

const q = (params) => new URLSearchParams({ ...params, lang: 'en' }).toString();

/**
 * The URLs of each kind, `perKind + WARMUP_PER_KIND` distinct ones (the first WARMUP_PER_KIND are
 * the warm-up), read from the seeded SQLite file.
 */
export function variedUrls(dbFile, perKind = VARIED_PER_KIND) {
  const db = new Database(dbFile, { readonly: true });
  try {
    const want = perKind + WARMUP_PER_KIND;
    // A store's first goods page also reads its card (figures over its goods and reviews), which
    // is then kept for other pages of that store: one row asks the first goods of each store (the
    // warm-up those of the first WARMUP_STORES), the other 2,000 goods of other stores' pages.
    const firsts = db
      .prepare('select min(id) as id from goods where status = 1 group by seller_id order by 1')
      .all()
      .map((r) => r.id);
    const firstSet = new Set(firsts);
    const goodsIds = db
      .prepare('select id from goods where status = 1 order by id')
      .all()
      .map((r) => r.id)
      .filter((id) => !firstSet.has(id));
    const info = (id) => `/api/sellerGoods/info?${q({ sellerGoodsId: id })}`;
    const goods = shuffled(spread(goodsIds, want)).map(info);
    const storeFirst = shuffled(firsts).map(info);

    // The storefront's lists: /classification (a category, sorted, paged), /commodity (a type),
    // /discounted (type=discount, optionally in a category) and a store's goods (/store).
    const categories = db
      .prepare('select id from categories order by id')
      .all()
      .map((r) => r.id);
    const sellers = db
      .prepare('select id from sellers where status = 1 order by id')
      .all()
      .map((r) => r.id);
    const lists = [];
    for (const pageNum of [1, 2, 3, 4, 5, 6, 7, 8]) {
      for (const sort of SORTS) {
        for (const categoryId of categories) {
          lists.push({ categoryId, sort, pageNum, pageSize: 12 });
          lists.push({ categoryId, type: 'discount', sort, pageNum, pageSize: 12 });
        }
        for (const type of TYPES) lists.push({ type, sort, pageNum, pageSize: 12 });
        for (const sellerId of sellers) lists.push({ sellerId, sort, pageNum, pageSize: 12 });
      }
    }
    const list = shuffled(spread(lists, want).map((p) => `/api/sellerGoods/list?${q(p)}`));

    // Keywords as buyers type them: the words of goods names (three characters and more; Chinese
    // and Thai names' runs of characters, and their three-character pieces) and pairs of words that
    // stand together in names ("noise cancelling"), each counted by the goods whose names hold it;
    // those found in at least three names, most common first, spread evenly from "set" (4,355
    // goods) to the rare ones. The header search (/api/search) and the goods search page
    // (/api/sellerGoods/search), half each.
    const found = new Map();
    const count = (term) => found.set(term, (found.get(term) ?? 0) + 1);
    for (const { name } of db.prepare('select name from goods where status = 1').iterate()) {
      const words = name
        .toLowerCase()
        .split(/[^\p{L}\p{M}\p{N}]+/u)
        .filter((w) => [...w].length >= 3);
      const terms = new Set(words);
      for (let i = 0; i + 1 < words.length; i++) terms.add(`${words[i]} ${words[i + 1]}`);
      for (const w of words) {
        const chars = [...w];
        if (chars.length > 4 && /\p{Script=Han}/u.test(w)) {
          for (let i = 0; i + 3 <= chars.length; i++) terms.add(chars.slice(i, i + 3).join(''));
        }
      }
      for (const t of terms) count(t);
    }
    const keywords = [...found]
      .filter(([, n]) => n >= 3)
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .map(([term]) => term);
    const search = shuffled(spread(keywords, want)).map((keyword, i) =>
      i % 2 === 0
        ? `/api/search?${q({ keyword })}`
        : `/api/sellerGoods/search?${q({ keyword, pageSize: 12 })}`,
    );
    return { 'goods page, new store': storeFirst, 'goods page': goods, list, search };
  } finally {
    db.close();
  }
}

async function timed(url) {
  const started = performance.now();
  const res = await fetch(url, { headers: BROWSER });
  const body = await res.arrayBuffer();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status} ${Buffer.from(body).toString()}`);
  return ms;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

/** CPU time (user + system, ms) the process `pid` has used, from /proc; undefined elsewhere. */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime, fields 14 and 15 of proc(5), in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/**
 * Asks every URL once, one at a time, and answers per kind the median, p90 and max (ms) of the
 * time to the whole answer, and the server's CPU time per request (from /proc/<serverPid>/stat:
 * what the wall times would be on an idle machine, less the network; a busy shared machine makes
 * the wall times wander, this much less). `helloUrl` (the bare hello-world) is asked 500 times
 * first: its median is what the client and HTTP cost alone on this machine at this moment.
 */
export async function measureVaried(base, urls, helloUrl, serverPid) {
  const rows = [];
  const helloTimes = [];
  for (let i = 0; i < 500; i++) helloTimes.push(await timed(helloUrl));
  helloTimes.sort((a, b) => a - b);
  for (const [kind, all] of Object.entries(urls)) {
    // A small catalogue (`--products`) has fewer URLs: half of them warm up at most.
    const warm = Math.min(
      kind === 'goods page, new store' ? WARMUP_STORES : WARMUP_PER_KIND,
      Math.floor(all.length / 2),
    );
    for (const path of all.slice(0, warm)) await timed(`${base}${path}`);
    const times = [];
    const cpuBefore = cpuMs(serverPid);
    for (const path of all.slice(warm)) times.push(await timed(`${base}${path}`));
    const cpuAfter = cpuMs(serverPid);
    times.sort((a, b) => a - b);
    rows.push({
      kind,
      count: times.length,
      medianMs: percentile(times, 0.5),
      p90Ms: percentile(times, 0.9),
      maxMs: times.at(-1),
      serverCpuMs:
        cpuBefore === undefined || cpuAfter === undefined ? undefined : (cpuAfter - cpuBefore) / times.length,
      targetMs: VARIED_TARGETS_MS[kind],
    });
  }
  return { rows, helloMedianMs: percentile(helloTimes, 0.5) };
}
