/**
 * `npx tsx tools/e2e/screenshots.ts [path...]`: starts the real server on a fresh database and saves
 * screenshots of the given storefront paths (default: home) in English and Arabic, at 1440 px and
 * 360 px, under .artifacts/screenshots/look/, for people to look at. Not a test.
 * SHOTS_HOST picks a brand host (e.g. lumen.localhost); SHOTS_LANGS overrides the languages.
 */
import { launchBrowser, newPage, screenshot, startServer } from './harness.ts';

const paths = process.argv.slice(2);
const langs = (process.env.SHOTS_LANGS ?? 'en,ar').split(',');
const host = process.env.SHOTS_HOST ?? 'localhost';
const server = await startServer(process.env.SHOTS_DATA_DIR ? { DATA_DIR: process.env.SHOTS_DATA_DIR } : {});
const browser = await launchBrowser();
try {
  for (const path of paths.length > 0 ? paths : ['/index']) {
    for (const lang of langs) {
      for (const viewport of ['desktop', 'phone'] as const) {
        const { context, page } = await newPage(browser, viewport);
        const sep = path.includes('?') ? '&' : '?';
        await page.goto(server.url(`${path}${sep}lang=${lang}`, host), { waitUntil: 'networkidle' });
        await page.waitForTimeout(300);
        const name = `look/${path.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'root'}-${lang}-${viewport}`;
        await screenshot(page, name);
        console.log(`saved ${name}.png`);
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
