/**
 * The demo catalogue generator: the same seed gives the same rows (ids, names, prices, stock,
 * reviews, follows), with times relative to `now`. Figures shown to buyers are not typed in: they
 * are computed from these rows by the API (followers from follow rows, praise and favourable
 * rates from reviews, store totals from their goods). Units sold and views start as each goods'
 * own history; orders and page views add to them afterwards.
 */
import { units } from '@mall/contract';
import { LANGUAGE_CODES, type LanguageCode } from '@mall/i18n';
import type {
  NewActivity,
  NewBanner,
  NewCategory,
  NewGoods,
  NewSeller,
  NewSpec,
} from '../../apps/api/src/modules/catalogue/index.ts';
import { mediaUrl } from '../../apps/api/src/modules/catalogue/index.ts';
import type { NewReviewRow } from '../../apps/api/src/modules/reviews/index.ts';
import { CAMPAIGN } from './campaign.ts';
import {
  intlLocale,
  MORE_SUB_LANGS,
  MORE_SUB_NAMES,
  REVIEWS,
  SHIPS_FROM,
  STORE_INTRO,
} from './translations.ts';
import {
  BRAND_WORDS,
  CATEGORIES,
  COUNTRIES,
  REVIEWER_NAMES,
  type Script,
  SPEC_VALUES,
  STORE_WORDS,
  SUB_LANGS,
  SUFFIXES,
  type SubCategory,
  TOP_LANGS,
  type TopCategory,
  type Words,
} from './vocabulary.ts';

export interface GenerateOptions {
  seed: number;
  products: number;
  /** Defaults to one store per 160 goods (at least 12, at most 400). */
  sellers?: number;
  /** Times are spread back from here (epoch ms). */
  now: number;
}

export interface DemoCatalogue {
  categories: NewCategory[];
  sellers: NewSeller[];
  goods: NewGoods[];
  banners: NewBanner[];
  activities: NewActivity[];
  reviews: NewReviewRow[];
  keeps: { userId: string; goodsId: string; at: number }[];
  follows: { userId: string; sellerId: string; at: number }[];
}

const DAY = 86_400_000;
/** Ids carry a fixed time so the same seed gives the same ids on any day. */
const ID_EPOCH = Date.UTC(2026, 0, 1);
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** mulberry32: small, fast and good enough for demo data. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Dice {
  constructor(private readonly next: () => number) {}
  float(): number {
    return this.next();
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }
  /** log-uniform between min and max: many cheap things, a few dear ones. */
  logUniform(min: number, max: number): number {
    return Math.exp(Math.log(min) + this.next() * (Math.log(max) - Math.log(min)));
  }
  /** A ULID whose time part is `time` and whose random part comes from the seed. */
  ulid(time: number): string {
    let t = Math.max(0, Math.floor(time));
    let head = '';
    for (let i = 0; i < 10; i++) {
      head = CROCKFORD[t % 32] + head;
      t = Math.floor(t / 32);
    }
    let tail = '';
    for (let i = 0; i < 16; i++) tail += CROCKFORD[Math.floor(this.next() * 32)];
    return head + tail;
  }
  seed(): string {
    return Math.floor(this.next() * 2 ** 40).toString(36);
  }
  sample<T>(items: readonly T[], n: number): T[] {
    const copy = [...items];
    const out: T[] = [];
    for (let i = 0; i < n && copy.length > 0; i++) {
      const at = Math.floor(this.next() * copy.length);
      out.push(copy[at] as T);
      copy[at] = copy[copy.length - 1] as T;
      copy.pop();
    }
    return out;
  }
}

/** Whole cents to atomic units. */
const cents = (c: number) => (BigInt(Math.max(1, Math.round(c))) * units(1)) / 100n;

/** A category's name in `lang`, English where it has none (as the tree's rows name it). */
function categoryName(category: TopCategory | SubCategory, lang: LanguageCode): string {
  return namesOf(category, 'subs' in category ? TOP_LANGS : SUB_LANGS)[lang] ?? category.name;
}

/**
 * The line under a category's banner: up to three subcategories, as many as fit in the 60
 * characters a banner draws; the campaign's line where the subcategories have no names in `lang`.
 */
function categoryLine(top: TopCategory, lang: LanguageCode): string {
  const named = lang === 'en' || (SUB_LANGS as readonly string[]).includes(lang);
  if (!named) return CAMPAIGN[lang].categoryLine;
  let line = '';
  for (const sub of top.subs.slice(0, 3)) {
    const next = line ? `${line} · ${categoryName(sub, lang)}` : categoryName(sub, lang);
    if ([...next].length > 60) break;
    line = next;
  }
  return line;
}

const namesCache = new WeakMap<TopCategory | SubCategory, Record<string, string>>();

function namesOf(top: TopCategory | SubCategory, langs: readonly string[]): Record<string, string> {
  const cached = namesCache.get(top);
  if (cached) return cached;
  const out: Record<string, string> = {};
  namesCache.set(top, out);
  langs.forEach((lang, i) => {
    const name = top.names[i];
    if (name) out[lang] = name;
  });
  return out;
}

interface Place {
  country: string;
  city: string;
  zhCity: string | undefined;
}

interface SellerPlan {
  row: NewSeller;
  tops: TopCategory[];
  chinese: boolean;
  place: Place;
  weight: number;
}

/** The words a goods name is made of, picked once and said in each script. */
interface NameParts {
  noun: Words;
  adjective: Words;
  /** Index into each script's BRAND_WORDS (modulo its length). */
  brand: number;
  /** The original's suffix (its own script's). */
  suffix: string;
}

function pickName(d: Dice, script: Script, top: TopCategory, sub: SubCategory): NameParts {
  const noun = d.pick(sub.nouns);
  const adjective = d.pick(top.adjectives);
  const brands: readonly string[] = BRAND_WORDS[script];
  const brand = brands.indexOf(d.pick(brands));
  const suffix = d.pick(SUFFIXES[script]);
  return { noun, adjective, brand, suffix };
}

const brandIn = (script: Script, i: number): string => {
  const words: readonly string[] = BRAND_WORDS[script];
  return words[i % words.length] as string;
};

/** The name in one of the four scripts the vocabulary has nouns in; the suffix only in the original's. */
function goodsName(script: Script, parts: NameParts, suffix: string): string {
  const noun = parts.noun[script];
  const adj = parts.adjective[script];
  const brand = brandIn(script, parts.brand);
  switch (script) {
    case 'zh':
      return `${brand}${adj}${noun}${suffix}`;
    case 'th':
      return `${noun}${adj} ${brand}${suffix}`;
    case 'ar':
      return `${noun} ${adj} ${brand}${suffix}`;
    default:
      return `${brand} ${adj} ${noun}${suffix}`;
  }
}

/** A subcategory's name in any of the 21 languages. */
function subName(sub: SubCategory, lang: LanguageCode): string {
  const at = (MORE_SUB_LANGS as readonly string[]).indexOf(lang);
  if (at >= 0) return MORE_SUB_NAMES[sub.key]?.[at] ?? sub.name;
  return categoryName(sub, lang);
}

const SCRIPT_OF: Partial<Record<LanguageCode, Script>> = { en: 'en', 'zh-CN': 'zh', th: 'th', ar: 'ar' };
const LANG_OF: Record<Script, LanguageCode> = { en: 'en', zh: 'zh-CN', th: 'th', ar: 'ar' };

/** Region codes of the vocabulary's countries, for their names in every language (Intl). */
const REGION: Record<string, string> = {
  China: 'CN',
  Thailand: 'TH',
  'United Arab Emirates': 'AE',
  Vietnam: 'VN',
  Malaysia: 'MY',
  Indonesia: 'ID',
  Turkey: 'TR',
  Italy: 'IT',
  Germany: 'DE',
  Japan: 'JP',
  'South Korea': 'KR',
  India: 'IN',
  Philippines: 'PH',
  Brazil: 'BR',
  'South Africa': 'ZA',
  Spain: 'ES',
  'United States': 'US',
};

/** Country and list wording by language, from Intl once per distinct question (Intl is slow per call). */
const countryNames = new Map<string, string>();
const lists = new Map<string, string>();
function countryIn(country: string, lang: LanguageCode): string {
  if (lang === 'en') return country;
  const key = `${lang} ${country}`;
  let name = countryNames.get(key);
  if (name === undefined) {
    name =
      new Intl.DisplayNames([intlLocale(lang)], { type: 'region' }).of(REGION[country] ?? 'CN') ?? country;
    countryNames.set(key, name);
  }
  return name;
}
function listIn(items: string[], lang: LanguageCode): string {
  const key = `${lang} ${items.join('\u0000')}`;
  let list = lists.get(key);
  if (list === undefined) {
    list = new Intl.ListFormat(intlLocale(lang), { type: 'conjunction' }).format(items);
    lists.set(key, list);
  }
  return list;
}

/** Simplified to traditional for the characters of the vocabulary's Chinese store names. */
const TRADITIONAL: Record<string, string> = {
  义: '義',
  乌: '烏',
  广: '廣',
  厦: '廈',
  门: '門',
  蓝: '藍',
  丝: '絲',
  莲: '蓮',
  舰: '艦',
  发: '發',
  专: '專',
  营: '營',
  厂: '廠',
  贸: '貿',
};
const traditional = (text: string) => [...text].map((c) => TRADITIONAL[c] ?? c).join('');

/** English names of STORE_WORDS.zhKinds, in their order. */
const ZH_KINDS_EN = ['Flagship Store', 'Wholesale House', 'Specialty Store', 'Factory Outlet', 'Trading Co.'];

/** A goods description in a language without feature lines: name, category, shipping. */
function plainDescription(
  lang: LanguageCode,
  name: string,
  top: TopCategory,
  sub: SubCategory,
  place: Place,
) {
  return [
    name,
    '',
    `${categoryName(top, lang)} · ${subName(sub, lang)}`,
    '',
    SHIPS_FROM[lang](countryIn(place.country, lang)),
  ].join('\n');
}

type Features = TopCategory['features'];

function description(script: 'en' | 'zh', name: string, features: Features, place: Place): string {
  if (script === 'zh') {
    return [
      name,
      '',
      ...features.map((f) => `• ${f.zh}`),
      '',
      `下单后24小时内从${place.zhCity ?? place.city}发货，支持7天无理由退货。`,
    ].join('\n');
  }
  return [
    name,
    '',
    ...features.map((f) => `• ${f.en}`),
    '',
    `Ships within 24 hours from ${place.city}, ${place.country}. Returns accepted within 7 days of receipt.`,
  ].join('\n');
}

function specsFor(
  d: Dice,
  sub: SubCategory,
  price: bigint,
): { specs: NewSpec[]; ownStockTotal: number | null } {
  if (!sub.spec || !d.chance(0.6)) return { specs: [], ownStockTotal: null };
  const kind = SPEC_VALUES[sub.spec];
  const count = Math.min(kind.values.length, d.int(2, 5));
  // Keep the natural order (S before M, 64GB before 128GB) for ordered kinds.
  const start = kind.priced ? d.int(0, kind.values.length - count) : 0;
  const values = kind.priced ? kind.values.slice(start, start + count) : d.sample(kind.values, count);
  let total = 0;
  const specs = values.map((name, i): NewSpec => {
    const stock = kind.ownStock ? (d.chance(0.08) ? 0 : d.int(3, 600)) : null;
    if (stock !== null) total += stock;
    // The first variant costs the goods price; each further one a quarter more (rounded to cents).
    const own = kind.priced && i > 0 ? ((price * BigInt(100 + 25 * i)) / 100n / 10n ** 8n) * 10n ** 8n : null;
    return { id: d.ulid(ID_EPOCH), name, price: own, stock };
  });
  return { specs, ownStockTotal: kind.ownStock ? total : null };
}

/** Rating to the texts a review may say; a good review may say nothing. */
const reviewChoices: Record<1 | 2 | 3, readonly (Record<LanguageCode, string> | null)[]> = {
  1: [...REVIEWS[1], null],
  2: REVIEWS[2],
  3: REVIEWS[3],
};

function reviewText(
  said: Record<LanguageCode, string> | null,
  lang: LanguageCode,
): Pick<NewReviewRow, 'content' | 'lang' | 'texts'> {
  if (!said) return { content: '', lang: null, texts: {} };
  const texts: Record<string, string> = {};
  for (const l of LANGUAGE_CODES) if (l !== lang) texts[l] = said[l];
  return { content: said[lang], lang, texts };
}

export function generateCatalogue(options: GenerateOptions): DemoCatalogue {
  const d = new Dice(prng(options.seed));
  const now = options.now;
  const products = Math.max(0, Math.floor(options.products));
  const sellerCount = Math.max(
    1,
    Math.floor(options.sellers ?? Math.min(400, Math.max(12, Math.round(products / 160)))),
  );

  // ---- categories ----
  const categories: NewCategory[] = [];
  const subIds = new Map<SubCategory, string>();
  const topIds = new Map<TopCategory, string>();
  CATEGORIES.forEach((top, t) => {
    const topId = d.ulid(ID_EPOCH + t);
    topIds.set(top, topId);
    categories.push({
      id: topId,
      parentId: null,
      name: top.name,
      names: namesOf(top, TOP_LANGS),
      iconUrl: mediaUrl.category(top.glyph),
      sort: t,
      recommend: t < 6,
    });
    top.subs.forEach((sub, s) => {
      const id = d.ulid(ID_EPOCH + t);
      subIds.set(sub, id);
      categories.push({
        id,
        parentId: topId,
        name: sub.name,
        // Named in every language: the vocabulary's eight and the thirteen of translations.ts.
        names: {
          ...namesOf(sub, SUB_LANGS),
          ...Object.fromEntries(MORE_SUB_LANGS.map((l) => [l, subName(sub, l)])),
        },
        iconUrl: mediaUrl.category(sub.glyph),
        sort: s,
        recommend: (t + s) % 5 === 0,
      });
    });
  });

  // ---- demo buyers (follows, favourites, reviews) ----
  const buyers = Array.from({ length: Math.max(50, Math.min(2000, Math.round(products / 25))) }, (_, i) =>
    d.ulid(ID_EPOCH + 1000 + i),
  );

  // ---- stores ----
  const usedNames = new Set<string>();
  const plans: SellerPlan[] = [];
  for (let i = 0; i < sellerCount; i++) {
    const origin = i % 4 === 0 ? COUNTRIES[0] : d.pick(COUNTRIES);
    const cityIndex = d.int(0, origin.city.length - 1);
    const place: Place = {
      country: origin.name,
      city: origin.city[cityIndex] as string,
      zhCity: (origin.zh as readonly string[])[cityIndex],
    };
    const chinese = place.zhCity !== undefined && d.chance(0.6);
    let latinName = '';
    let name: string;
    if (chinese) {
      const word = d.pick(STORE_WORDS.zhWords);
      const kind = d.pick(STORE_WORDS.zhKinds);
      name = `${place.zhCity}${word}${kind}`;
      const en = STORE_WORDS.en[(STORE_WORDS.zhWords as readonly string[]).indexOf(word)];
      latinName = `${place.city} ${en} ${ZH_KINDS_EN[(STORE_WORDS.zhKinds as readonly string[]).indexOf(kind)]}`;
    } else {
      name = `${place.city} ${d.pick(STORE_WORDS.en)} ${d.pick(STORE_WORDS.kinds)}`;
    }
    for (let n = 2; usedNames.has(name); n++) name = `${name.replace(/ \d+$/, '')} ${n}`;
    usedNames.add(name);
    if (!chinese) latinName = name;
    const tops = d.sample(CATEGORIES, d.chance(0.6) ? 1 : 2);
    const monogram = chinese
      ? ([...name][2] ?? [...name][0] ?? 'S')
      : name
          .split(' ')
          .slice(0, 2)
          .map((p) => p[0] ?? '')
          .join('');
    const seed = d.seed();
    const recommend = d.chance(0.12) || i === 0;
    const createdAt = now - d.int(30, 1500) * DAY;
    const topNames = tops.map((t) => t.name.toLowerCase()).join(' and ');
    const storeLang: LanguageCode = chinese ? 'zh-CN' : 'en';
    const storeTexts: Record<string, { name: string; description: string }> = {};
    for (const l of LANGUAGE_CODES) {
      if (l === storeLang) continue;
      const what = listIn(
        tops.map((t) => (l === 'en' ? t.name.toLowerCase() : categoryName(t, l))),
        l,
      );
      storeTexts[l] = {
        name: chinese && l === 'zh-TW' ? traditional(name) : latinName,
        description: STORE_INTRO[l](what, countryIn(place.country, l)),
      };
    }
    plans.push({
      row: {
        id: d.ulid(ID_EPOCH + 100 + i),
        ownerUserId: null,
        name,
        logoUrl: mediaUrl.logo(seed, monogram),
        bannerUrl: mediaUrl.storeBanner(seed),
        description: chinese
          ? `${place.zhCity}${tops.map((t) => t.names[0]).join('、')}源头供应商，下单后24小时内发货，支持批发与零售。`
          : `Wholesale and retail supplier of ${topNames} based in ${place.city}, ${place.country}. Orders ship within 24 hours; messages answered within a working day.`,
        country: place.country,
        recommend,
        createdAt,
        lang: storeLang,
        texts: storeTexts,
      },
      tops,
      chinese,
      place,
      // A few large stores, many small ones.
      weight: (recommend ? 3 : 1) * d.logUniform(1, 12),
    });
  }
  const cumulative: number[] = [];
  let sum = 0;
  for (const p of plans) {
    sum += p.weight;
    cumulative.push(sum);
  }
  const pickSeller = (): SellerPlan => {
    const x = d.float() * sum;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] as number) < x) lo = mid + 1;
      else hi = mid;
    }
    return plans[lo] as SellerPlan;
  };

  // ---- goods ----
  const goods: NewGoods[] = [];
  const glyphOf = new Map<string, string>();
  for (let i = 0; i < products; i++) {
    const plan = pickSeller();
    const top = d.chance(0.85) ? d.pick(plan.tops) : d.pick(CATEGORIES);
    const sub = d.pick(top.subs);
    const r = d.float();
    const script: Script = plan.chinese
      ? r < 0.75
        ? 'zh'
        : 'en'
      : r < 0.7
        ? 'en'
        : r < 0.82
          ? 'zh'
          : r < 0.91
            ? 'th'
            : 'ar';
    const parts = pickName(d, script, top, sub);
    const name = goodsName(script, parts, parts.suffix);
    const createdAt = now - Math.floor(d.float() * 365 * DAY);
    const selling = cents(d.logUniform(sub.price[0] * 100, sub.price[1] * 100));
    const discount = d.chance(0.2)
      ? ((selling * BigInt(d.int(70, 95))) / 100n / 10n ** 8n) * 10n ** 8n
      : null;
    const discountPrice = discount !== null && discount > 0n && discount < selling ? discount : null;
    const effective = discountPrice ?? selling;
    const seed = d.seed();
    const imageCount = d.int(3, 5);
    const images = Array.from({ length: imageCount }, (_, v) => ({
      imgUrl: mediaUrl.goods(sub.glyph, seed, v),
      zoomImg: mediaUrl.zoom(sub.glyph, seed, v),
    }));
    const sold = d.chance(0.1) ? 0 : Math.floor(d.logUniform(1, 6000)) - 1;
    const { specs, ownStockTotal } = specsFor(d, sub, effective);
    const free = d.chance(0.3);
    const id = d.ulid(ID_EPOCH + 10_000 + i);
    glyphOf.set(id, sub.glyph);
    // Sampled where the description always was, so the dice give every later row as before.
    const features = d.sample(top.features, 3);
    const lang = LANG_OF[script];
    const texts: Record<string, { name: string; description: string }> = {};
    for (const l of LANGUAGE_CODES) {
      const s = SCRIPT_OF[l];
      const n = s ? goodsName(s, parts, '') : `${brandIn('en', parts.brand)} ${subName(sub, l)}`;
      texts[l] = {
        name: n,
        description:
          s === 'en' || s === 'zh'
            ? description(s, n, features, plan.place)
            : plainDescription(l, n, top, sub, plan.place),
      };
    }
    const original =
      script === 'en' || script === 'zh'
        ? description(script, name, features, plan.place)
        : plainDescription(lang, name, top, sub, plan.place);
    delete texts[lang];
    goods.push({
      id,
      sellerId: plan.row.id,
      categoryId: subIds.get(sub) as string,
      name,
      description: original,
      lang,
      texts,
      coverUrl: images[0]?.imgUrl as string,
      images,
      sellingPrice: selling,
      discountPrice,
      retailPrice: ((selling * BigInt(d.int(130, 190))) / 100n / 10n ** 8n) * 10n ** 8n,
      originalPrice: ((selling * BigInt(d.int(110, 160))) / 100n / 10n ** 8n) * 10n ** 8n,
      // With variants that keep their own stock, the goods' own pool stays empty.
      stock: ownStockTotal !== null ? 0 : d.chance(0.03) ? 0 : d.int(5, 5000),
      buyMin: d.chance(0.85) ? 1 : d.pick([2, 3, 5, 10, 20]),
      sold,
      views: sold * d.int(8, 30) + d.int(0, 300),
      dispatchFee: free ? 0n : cents(d.int(0, 600)),
      distanceFee: free ? 0n : d.chance(0.5) ? 0n : cents(d.int(50, 300)),
      deliveryFee: free ? 0n : d.chance(0.6) ? 0n : cents(d.int(50, 200)),
      isNew: createdAt > now - 14 * DAY,
      isHot: false,
      isRecommend: d.chance(plan.row.recommend ? 0.15 : 0.05),
      createdAt,
      specs,
    });
  }
  // "Hot" marks the best-selling tenth, so the flag agrees with the figures shown.
  const soldSorted = goods.map((g) => g.sold).sort((a, b) => b - a);
  const hotFrom = soldSorted[Math.floor(soldSorted.length / 10)] ?? Number.POSITIVE_INFINITY;
  for (const g of goods) g.isHot = g.sold > 0 && g.sold >= hotFrom;

  // ---- reviews ----
  const reviews: NewReviewRow[] = [];
  // The language each reviewer wrote in comes from dice of its own, so the catalogue's rows stay
  // what they were before reviews had languages.
  const voices = new Dice(prng(options.seed ^ 0x5eed));
  const reviewLangs: LanguageCode[] = [
    'en',
    'en',
    'en',
    'en',
    'zh-CN',
    'zh-CN',
    'zh-CN',
    'th',
    'ar',
    'es',
    'fr',
  ];
  for (const g of goods) {
    const count = Math.min(30, Math.floor(Math.sqrt(g.sold) / 5 + d.float() * 2.5));
    const quality = 0.72 + d.float() * 0.26;
    for (let k = 0; k < count; k++) {
      const x = d.float();
      const rating = x < quality ? 1 : x < quality + (1 - quality) * 0.6 ? 2 : 3;
      const withImages = d.chance(0.15);
      const glyph = glyphOf.get(g.id) ?? 'gift';
      const createdAt = Math.min(
        now - 60_000,
        g.createdAt + DAY + Math.floor(d.float() * (now - g.createdAt)),
      );
      reviews.push({
        id: d.ulid(ID_EPOCH + 2_000_000 + reviews.length),
        goodsId: g.id,
        sellerId: g.sellerId,
        orderId: null,
        userId: d.pick(buyers),
        userName: `${d.pick(REVIEWER_NAMES)}${d.chance(0.5) ? d.int(1, 99) : ''}`,
        rating,
        ...reviewText(d.pick(reviewChoices[rating as 1 | 2 | 3]), voices.pick(reviewLangs)),
        images: withImages ? Array.from({ length: d.int(1, 3) }, () => mediaUrl.review(glyph, d.seed())) : [],
        attrName: g.specs.length > 0 ? d.pick(g.specs).name : '',
        createdAt,
      });
    }
  }

  // ---- follows and favourites of the demo buyers ----
  const follows: DemoCatalogue['follows'] = [];
  for (const p of plans) {
    const n = Math.min(buyers.length, Math.floor(d.logUniform(1, p.row.recommend ? 400 : 80)) - 1);
    for (const userId of d.sample(buyers, n)) {
      follows.push({ userId, sellerId: p.row.id, at: now - d.int(0, 200) * DAY });
    }
  }
  const keeps: DemoCatalogue['keeps'] = [];
  for (const g of goods) {
    const n = Math.min(buyers.length, Math.floor(g.sold / 600) + (d.chance(0.1) ? 1 : 0));
    for (const userId of d.sample(buyers, n))
      keeps.push({ userId, goodsId: g.id, at: now - d.int(0, 120) * DAY });
  }

  // ---- banners and the current activity, in every language (no figures typed into their texts) ----
  const bannerPlans = [
    { glyph: 'gift', link: '/discounted', seed: d.seed(), top: undefined },
    ...CATEGORIES.slice(0, 4).map((top) => ({
      glyph: top.glyph,
      link: `/classification?categoryId=${topIds.get(top)}`,
      seed: d.seed(),
      top,
    })),
  ];
  const festivalSeed = d.seed();
  const banners: NewBanner[] = [];
  const activities: NewActivity[] = [];
  LANGUAGE_CODES.forEach((lang, l) => {
    const texts = CAMPAIGN[lang];
    bannerPlans.forEach((plan, i) => {
      const [title, subtitle] = plan.top
        ? [categoryName(plan.top, lang), categoryLine(plan.top, lang)]
        : [texts.festival, texts.festivalBanner];
      banners.push({
        id: d.ulid(ID_EPOCH + 5_000_000 + l * bannerPlans.length + i),
        position: 'home',
        title,
        imageUrl: mediaUrl.banner(plan.seed, plan.glyph, title, subtitle),
        link: plan.link,
        sort: i,
        startsAt: null,
        endsAt: null,
        createdAt: now,
        lang,
      });
    });
    activities.push({
      id: d.ulid(ID_EPOCH + 6_000_000 + l),
      title: texts.festival,
      description: texts.festivalDescription,
      imageUrl: mediaUrl.banner(festivalSeed, 'gift', texts.festival, texts.festivalPicture),
      link: '/discounted',
      startsAt: now - 2 * DAY,
      endsAt: now + 45 * DAY,
      createdAt: now,
      lang,
    });
  });

  return {
    categories,
    sellers: plans.map((p) => p.row),
    goods,
    banners,
    activities,
    reviews,
    keeps,
    follows,
  };
}
