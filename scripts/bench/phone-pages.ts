/**
 * The pages a phone sees (/register, /login, /scan_code): the JS received before the first interaction, what a
 * tap on the first field brings, and what hydrating costs by the build manifest. Rows for `npm run bench`.
 */
import type { Browser } from 'playwright-core';
import { PHONE_PATHS } from '../../shared/routes';
import { measureJsBeforeInteraction } from './page-metrics';
import { firstLoadJs, PHONE_PAGES } from './static-js';

const KB = 1000;
/** First-load JS of the phone's form pages (the same budget as the home page's). */
export const PHONE_FORM_JS_BUDGET = 120 * KB;

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} kB`;

/** [page, metric, value, budget, verdict] rows, each page measured after a warm-up load. */
export async function phonePageRows(browser: Browser, baseUrl: string, clientDir: string): Promise<string[][]> {
  const rows: string[][] = [];
  for (const path of PHONE_PATHS) {
    await measureJsBeforeInteraction(browser, baseUrl, path, 'zh-CN');
    const measured = await measureJsBeforeInteraction(browser, baseUrl, path, 'zh-CN');
    const hydration = firstLoadJs(clientDir, { ...PHONE_PAGES[path], locale: 'zh' }).total;
    const budgeted = path !== '/scan_code';
    rows.push(
      [
        path,
        'JS received before the first interaction (br)',
        kb(measured.before),
        budgeted ? `≤ ${kb(PHONE_FORM_JS_BUDGET)}` : '-',
        budgeted ? (measured.before <= PHONE_FORM_JS_BUDGET ? 'ok' : 'OVER BUDGET') : '-',
      ],
      [path, '  plus a tap on the first field (app and machines), until network idle', kb(measured.afterTap), '-', '-'],
      [path, 'JS to hydrate, from the build manifest incl. catalogs (br)', kb(hydration), '-', '-'],
    );
  }
  return rows;
}
