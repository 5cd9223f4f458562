/**
 * The static pages (issue 2) in a real browser: every one of them (about, news, careers, partners,
 * privacy policy, agreement, the four rule pages, the modern slavery statement and the two app
 * download pages) in each of the 21 languages, each language on another of the 20 brands chosen by
 * Host, with the brand's name and mail filled in, the page's own translated text, Arabic right to
 * left, and an Arabic and English phone width without sideways scrolling.
 */
import { readFileSync } from 'node:fs';
import { BRANDS, type Brand } from '@mall/contract';
import { LANGUAGES, type LanguageCode } from '@mall/i18n';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  newPage,
  noHorizontalOverflow,
  type RunningServer,
  screenshot,
  startServer,
} from './harness.ts';

type Section = { h: string; p: string };

const locale = (namespace: string, code: string) =>
  JSON.parse(
    readFileSync(new URL(`../../packages/i18n/locales/${namespace}/${code}.json`, import.meta.url), 'utf8'),
  );

/** Policy pages by path, and the two download pages with the locale entry they show. */
const PAGES: { path: string; key: string }[] = [
  ...[
    'about',
    'news',
    'careers',
    'partners',
    'privacyPolicy',
    'agreement',
    'returnRules',
    'serviceRules',
    'sellerRules',
    'buyerRules',
    'modernSlavery',
  ].map((key) => ({ path: `/${key}`, key })),
  { path: '/download/buyer', key: 'appBuyer' },
  { path: '/download/seller', key: 'appSeller' },
];

const fill = (text: string, brand: Brand) =>
  text.replaceAll('{{brand}}', brand.name).replaceAll('{{mail}}', brand.supportMail);

/** The i-th brand that offers `code` (one brand hides Chinese): the 21 languages visit all 20. */
function brandFor(i: number, code: LanguageCode): Brand {
  for (let k = 0; ; k++) {
    const brand = BRANDS[(i + k) % BRANDS.length]!;
    if (!brand.hiddenLanguages.includes(code)) return brand;
  }
}

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * Shows `path`: the first page of a language loads in full (the brand and language come with the
 * HTML); the others go through the router as a link would, which keeps 273 pages quick. Answers
 * the headings and paragraphs once the page titled `title` shows `sections` sections.
 */
async function show(page: Page, url: string, full: boolean, title: string, sections: number) {
  if (full) await page.goto(url, { waitUntil: 'domcontentloaded' });
  else
    await page.evaluate((to) => {
      const { pathname, search } = new URL(to);
      history.pushState(null, '', pathname + search);
      dispatchEvent(new PopStateEvent('popstate'));
    }, url);
  await page.waitForFunction(
    ([t, n]) =>
      document.querySelector('.static-page h1')?.textContent === t &&
      document.querySelectorAll('.static-page > section').length === n,
    [title, sections] as const,
  );
  return page.evaluate(() => ({
    lang: document.documentElement.lang,
    dir: document.documentElement.dir,
    sections: [...document.querySelectorAll('.static-page > section:not(.download-box)')].map((s) => ({
      h: s.querySelector('h2')?.textContent ?? '',
      p: s.querySelector('p')?.textContent ?? '',
    })),
    text: document.querySelector('.static-page')?.textContent ?? '',
    download: document.querySelector<HTMLAnchorElement>('.download-box a')?.href,
  }));
}

describe('static pages', () => {
  it('render in all 21 languages with the brand of the Host filled in', async () => {
    const seen = new Set<string>();
    const { context, page } = await newPage(browser);
    for (const [i, { code, query }] of LANGUAGES.entries()) {
      const brand = brandFor(i, code);
      seen.add(brand.key);
      const titles = locale('ui', code).pages;
      const texts = locale('pages', code);
      for (const [n, { path, key }] of PAGES.entries()) {
        const expected = (texts[key] as Section[]).map((s) => ({ h: fill(s.h, brand), p: fill(s.p, brand) }));
        const url = server.url(`${path}?lang=${query}`, brand.hosts[0]);
        const sections = expected.length + (key.startsWith('app') ? 1 : 0);
        const shown = await show(page, url, n === 0, titles[key], sections);
        const where = `${code} ${brand.key} ${path}`;
        expect(shown.lang, where).toBe(code);
        expect(shown.dir, where).toBe(code === 'ar' ? 'rtl' : 'ltr');
        expect(shown.sections, where).toEqual(expected);
        expect(shown.text, where).not.toContain('{{');
        const source = JSON.stringify(texts[key]);
        if (source.includes('{{brand}}')) expect(shown.text, where).toContain(brand.name);
        if (source.includes('{{mail}}')) expect(shown.text, where).toContain(brand.supportMail);
        if (key === 'appBuyer') expect(shown.download, where).toBe(brand.buyerAppUrl);
        if (key === 'appSeller') expect(shown.download, where).toBe(brand.sellerAppUrl);
      }
    }
    expect(seen.size).toBe(BRANDS.length);
    await context.close();
  }, 300_000);

  it('fit a 360 px phone in English and Arabic', async () => {
    for (const lang of ['en', 'ar']) {
      const { context, page } = await newPage(browser, 'phone');
      for (const path of ['/privacyPolicy', '/modernSlavery', '/download/seller']) {
        await page.goto(server.url(`${path}?lang=${lang}`, 'saffron.localhost'), {
          waitUntil: 'domcontentloaded',
        });
        await page.locator('.static-page > section').first().waitFor();
        expect(await noHorizontalOverflow(page), `${lang} ${path}`).toBe(true);
      }
      await screenshot(page, `shell/static-download-seller-${lang}-phone`);
      await context.close();
    }
  }, 120_000);
});
