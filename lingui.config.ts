import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/**
 * Chinese is the source language: messages are written in Chinese in the code and translated in
 * `locales/en/*.po`. Catalogs are split by area (one .po per area and locale) so that work on different
 * areas never rewrites the same file; `src/lib/i18n.ts` merges them at run time.
 */
const AUTH_COMPONENTS = ['src/components/country-select', 'src/components/slider-captcha'];
/** The QR login is part of the auth feature, but its messages are a catalog of their own (the scan page's). */
const SCAN_LOGIN = 'src/features/auth/scan-login';

const catalogs: Record<string, string[]> = {
  common: ['src/app', 'src/components', 'src/lib', 'src/routes'],
  layout: ['src/features/layout'],
  home: ['src/features/home'],
  layers: ['src/features/layers'],
  // The phone-number and captcha components only appear on the auth pages: their messages load with them.
  auth: ['src/features/auth', ...AUTH_COMPONENTS],
  scan: [SCAN_LOGIN],
  college: ['src/features/college'],
  account: ['src/features/account'],
  // The operator's console (its own bundle and catalog; the portal never loads it).
  console: ['src/console'],
  // The server's words (server/api/catalog.ts reads this area only; a message the app also shows is in both).
  server: ['server'],
};

export default defineConfig({
  sourceLocale: 'zh',
  locales: ['zh', 'en'],
  format: formatter({ lineNumbers: false }),
  orderBy: 'messageId',
  catalogs: Object.entries(catalogs).map(([name, dirs]) => ({
    path: `<rootDir>/locales/{locale}/${name}`,
    include: dirs.map((dir) => `<rootDir>/${dir}`),
    exclude:
      name === 'common'
        ? AUTH_COMPONENTS.map((dir) => `<rootDir>/${dir}/**`)
        : name === 'auth'
          ? [`<rootDir>/${SCAN_LOGIN}/**`]
          : [],
  })),
});
