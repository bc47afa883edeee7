/** Where the server under test is: set by e2e/run.ts, defaults for running one spec by hand. */
export const BASE_URL = (process.env.E2E_BASE_URL ?? 'http://localhost:5030').replace(/\/$/, '');
export const BRAND2_URL = (process.env.E2E_BRAND2_URL ?? 'http://localhost:5031').replace(/\/$/, '');
export const BASE_PORT = Number(new URL(BASE_URL).port);

export const url = (path: string, base = BASE_URL) => `${base}${path}`;

/** User agents the server tells apart (docs/product.md#pages mobile rules, #roles Windows-only client). */
export const USER_AGENTS = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
  linux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
} as const;
