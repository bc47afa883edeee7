/**
 * The environment variables the server reads, declared once: each with its default, what it means (the text of
 * docs/settings.md) and how its text becomes a value. `envSchema` is the zod schema built from them; a value it
 * cannot use stops start-up with a message naming the variable. What one setting requires of another (a gateway
 * URL when the gateway is chosen) is checked where the settings are assembled (server/settings.ts).
 *
 * `TOOL_ENV` documents the variables the scripts and tests read (not the server), so that docs/settings.md is
 * one generated page for both.
 */
import { z } from 'zod';

export interface EnvVariable<T> {
  /** The text the variable has when unset or empty (shown in the docs); undefined: no default. */
  default?: string;
  /** What it means, for the docs (Markdown, one line). */
  doc: string;
  /** How its text becomes a value; throws an Error naming the variable when it cannot. */
  read: (value: string | undefined, name: string) => T;
  /** The docs group it is listed under. */
  group: EnvGroup;
}

export type EnvGroup = 'site' | 'database' | 'network' | 'operations' | 'analytics' | 'providers';

export const ENV_GROUPS: Record<EnvGroup, string> = {
  site: 'The site',
  database: 'Database',
  network: 'Addresses, proxies and security headers',
  operations: 'Running and stopping',
  analytics: 'Downloads, analytics and ad conversions',
  providers: 'Outside services (SMS, captcha, WeChat)',
};

function variable<T>(spec: EnvVariable<T>): EnvVariable<T> {
  return spec;
}

// How texts are read. Each throws an Error whose message starts with the variable's name.

export const text = (value: string | undefined) => value ?? '';
export const optionalText = (value: string | undefined) => value || undefined;

export function wholeNumber(value: string | undefined, name: string): number {
  const parsed = Number(value);
  if (value === undefined || value === '' || !Number.isInteger(parsed) || parsed < 0)
    throw new Error(`${name} must be a whole number, got "${value ?? ''}"`);
  return parsed;
}

export function between(min: number, max: number) {
  return (value: string | undefined, name: string): number => {
    const parsed = wholeNumber(value, name);
    if (parsed < min || parsed > max) throw new Error(`${name} must be between ${min} and ${max}, got "${value}"`);
    return parsed;
  };
}

export function oneOf<const T extends string>(options: readonly T[]) {
  return (value: string | undefined, name: string): T => {
    const picked = value || options[0];
    if (!(options as readonly string[]).includes(picked))
      throw new Error(`${name} must be ${options.map((o) => `"${o}"`).join(' or ')}, got "${value}"`);
    return picked as T;
  };
}

export function httpUrl(value: string | undefined, name: string): string | undefined {
  if (!value) return undefined;
  if (!/^https?:\/\//.test(value)) throw new Error(`${name} must be an http(s) URL, got "${value}"`);
  return value;
}

/** An http(s) URL for a variable that has a default (so it is never empty). */
export function requiredHttpUrl(value: string | undefined, name: string): string {
  const url = httpUrl(value, name);
  if (!url) throw new Error(`${name} must be an http(s) URL, got ""`);
  return url;
}

/** An origin (`https://host[:port]`, no path), returned without a trailing slash. */
export function origin(value: string | undefined, name: string): string | undefined {
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an http(s) origin such as https://www.example.com, got "${value}"`);
  }
  if (!/^https?:$/.test(url.protocol) || (url.pathname !== '/' && url.pathname !== ''))
    throw new Error(`${name} must be an http(s) origin such as https://www.example.com, got "${value}"`);
  return url.origin;
}

/** A download address: an http(s) URL or a path on this site; null when not set. */
export function download(value: string | undefined, name: string): string | null {
  if (!value) return null;
  if (!/^(https?:\/\/|\/(?!\/))/.test(value))
    throw new Error(`${name} must be an http(s) URL or a path, got "${value}"`);
  return value;
}

export const flag = (value: string | undefined) => value === '1' || value === 'true';

export const ENV = {
  PORT: variable({ group: 'site', default: '3030', doc: 'port of brand 1 (StarReach)', read: wholeNumber }),
  BRAND2_PORT: variable({
    group: 'site',
    default: '3031',
    doc: 'port of brand 2 (CreatorBox): every request arriving here is brand 2',
    read: wholeNumber,
  }),
  HOST: variable({ group: 'site', default: '0.0.0.0', doc: 'interface to listen on', read: text }),
  BRAND2_HOST_MARKER: variable({
    group: 'site',
    default: 'creatorbox',
    doc: 'a host name containing this text selects brand 2 on any port',
    read: text,
  }),
  EDITION: variable({
    group: 'site',
    default: 'main',
    doc: '`regional` hides Operation Center and swaps the help-centre link',
    read: oneOf(['main', 'regional']),
  }),
  WORKBENCH_URL: variable({
    group: 'site',
    default: '/workbench/function_introduction',
    doc: 'where "Workbench" and "go to workbench" lead',
    read: text,
  }),
  NODE_ENV: variable({
    group: 'site',
    default: 'production',
    doc: '`development` is set by `npm run dev` (development-only calls such as the SMS outbox exist only then)',
    read: text,
  }),
  DEMO_MODE: variable({
    group: 'site',
    doc: '`1` shows a labelled link to the built-in WeChat simulator under the QR codes, for demos; default on only with `npm run dev`, off when shipped',
    read: (value, name) => {
      if (value === undefined || value === '') return undefined;
      if (value !== '1' && value !== '0') throw new Error(`${name} must be 1 or 0, got "${value}"`);
      return value === '1';
    },
  }),
  HTML_CACHE_SECONDS: variable({
    group: 'site',
    default: '300',
    doc: "how long a rendered page stays in the server's page cache (`0` turns it off; always off with `npm run dev`)",
    read: wholeNumber,
  }),
  HTML_CACHE_MB: variable({
    group: 'site',
    default: '64',
    doc: "the most memory the page cache's finished pages take (every encoding; least recently used first out)",
    read: wholeNumber,
  }),
  DATABASE_URL: variable({
    group: 'database',
    doc: 'a PostgreSQL connection string (PostgreSQL 15 or newer); when empty, the embedded database in `DATA_DIR` is used',
    read: optionalText,
  }),
  DATABASE_POOL_SIZE: variable({
    group: 'database',
    default: '10',
    doc: "connections each server process keeps to PostgreSQL at most (1 to 1000); processes × pool size must stay below the server's `max_connections`",
    read: between(1, 1000),
  }),
  DATA_DIR: variable({
    group: 'database',
    default: 'data/pglite',
    doc: 'folder of the embedded PGlite database, created on the first start; one server at a time (`portal.lock` in the folder)',
    read: text,
  }),
  TRUST_PROXY: variable({
    group: 'network',
    doc: 'which proxies in front may report the client (`X-Forwarded-For`, `-Proto`): a number of hops (`1`, `true` = 1) or a comma-separated list of proxy addresses/CIDRs; the client is the right-most untrusted `X-Forwarded-For` entry, never the first',
    read: optionalText,
  }),
  PUBLIC_URL: variable({
    group: 'network',
    doc: "brand 1's public origin (`https://www.example.com`) for absolute URLs: canonical, hreflang, the QR code's simulator address, the confirm link",
    read: origin,
  }),
  PUBLIC_URL_2: variable({ group: 'network', doc: 'the same for brand 2', read: origin }),
  ALLOWED_HOSTS: variable({
    group: 'network',
    doc: "host names (`.example.com` for every subdomain) whose `Host` header absolute URLs may use when `PUBLIC_URL` is not set, besides localhost and this machine's addresses",
    read: (value) =>
      (value ?? '')
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
  }),
  HSTS_PRELOAD: variable({
    group: 'network',
    doc: '`1` adds `preload` to HSTS (sent only over HTTPS, direct or through a trusted proxy)',
    read: flag,
  }),
  SHUTDOWN_DRAIN_MS: variable({
    group: 'operations',
    doc: "on SIGTERM or SIGINT, how long the process keeps answering (readiness 503, `Connection: close`) before it closes its listeners; default 5000, 0 with `npm run dev`. Longer than the proxy's keep-alive to the portal and a readiness-checking balancer's interval (docs/deploy.md)",
    read: (value, name) => (value ? wholeNumber(value, name) : undefined),
  }),
  SHUTDOWN_TIMEOUT_MS: variable({
    group: 'operations',
    default: '10000',
    doc: 'requests still running this many ms after the drain are cut off (a process stops within drain + timeout)',
    read: wholeNumber,
  }),
  METRICS_PORT: variable({
    group: 'operations',
    doc: 'the port of the Prometheus endpoint `/metrics` (its own listener; unset: off; never `PORT` or `BRAND2_PORT`). Each process exposes its own',
    read: (value, name) => {
      if (!value) return undefined;
      const port = between(1, 65_535)(value, name);
      return port;
    },
  }),
  METRICS_HOST: variable({
    group: 'operations',
    default: '127.0.0.1',
    doc: 'the interface the metrics listener binds (`0.0.0.0` in a container whose port is not published)',
    read: text,
  }),
  BENCH_UNLIMITED: variable({
    group: 'operations',
    doc: '`1` lifts the per-IP rate limits so a load test from one address measures the server; a start with `NODE_ENV=production` refuses it (exit code 78)',
    read: (value, name) => {
      if (value === undefined || value === '' || value === '0') return false;
      if (value !== '1') throw new Error(`${name} must be 1 or 0, got "${value}"`);
      return true;
    },
  }),
  CLIENT_DOWNLOAD_URL: variable({
    group: 'analytics',
    doc: 'where brand 1\'s Windows client installer downloads from (built elsewhere); until set, its button shows the spec\'s disabled "dev..." state',
    read: download,
  }),
  BROWSER_DOWNLOAD_URL: variable({
    group: 'analytics',
    doc: 'where brand 1\'s dedicated browser downloads from; until set, its button shows "dev..."',
    read: download,
  }),
  CLIENT_DOWNLOAD_URL_2: variable({ group: 'analytics', doc: 'the same for brand 2', read: download }),
  BROWSER_DOWNLOAD_URL_2: variable({ group: 'analytics', doc: 'the same for brand 2', read: download }),
  ANALYTICS_SITE_ID: variable({
    group: 'analytics',
    doc: "brand 1's site id in a page-view analytics service (Baidu Tongji style); unset: no analytics script. Nothing is counted with Do Not Track or Global Privacy Control",
    read: (value) => value?.trim() || undefined,
  }),
  ANALYTICS_SITE_ID_2: variable({
    group: 'analytics',
    doc: 'the same for brand 2',
    read: (value) => value?.trim() || undefined,
  }),
  ANALYTICS_SCRIPT_URL: variable({
    group: 'analytics',
    default: 'https://hm.baidu.com/hm.js?{siteId}',
    doc: "the analytics script's address, `{siteId}` replaced by the brand's site id; the Content-Security-Policy allows exactly its origin",
    read: text,
  }),
  AD_CONVERSION_URLS: variable({
    group: 'analytics',
    doc: 'where a registration from an ad click is reported, per click id kept in `registeInfo`: `bd_vid=https://…{clickId}… qhclickid=https://…{clickId}…` (space-separated)',
    read: (value) => value?.trim() || undefined,
  }),
  AD_CONVERSION_URLS_2: variable({
    group: 'analytics',
    doc: 'the same for brand 2',
    read: (value) => value?.trim() || undefined,
  }),
  AD_CONVERSION_SERVER_URLS: variable({
    group: 'analytics',
    doc: 'conversions the server reports (from an outbox: nothing lost on a restart, nothing sent twice): `qhclickid=https://…{clickId}…` entries fetched with GET; a click id reported here must not be in `AD_CONVERSION_URLS` too',
    read: (value) => value?.trim() || undefined,
  }),
  AD_CONVERSION_SERVER_URLS_2: variable({
    group: 'analytics',
    doc: 'the same for brand 2',
    read: (value) => value?.trim() || undefined,
  }),
  BAIDU_OCPC_TOKEN: variable({
    group: 'analytics',
    doc: "Baidu's OCPC conversion upload token: registrations carrying `bd_vid` are reported by the server (needs `PUBLIC_URL`)",
    read: (value) => value?.trim() || undefined,
  }),
  BAIDU_OCPC_TOKEN_2: variable({
    group: 'analytics',
    doc: 'the same for brand 2 (needs `PUBLIC_URL_2`)',
    read: (value) => value?.trim() || undefined,
  }),
  BAIDU_OCPC_NEW_TYPE: variable({
    group: 'analytics',
    default: '25',
    doc: "the conversion type (newType) of the registration conversion, as Baidu's console lists it",
    read: between(1, 10_000),
  }),
  BAIDU_OCPC_URL: variable({
    group: 'analytics',
    default: 'https://ocpc.baidu.com/ocpcapi/api/uploadConvertData',
    doc: "Baidu's conversion upload address (tests point it at a local fake)",
    read: requiredHttpUrl,
  }),
  SMS_PROVIDER: variable({
    group: 'providers',
    default: 'builtin',
    doc: '`builtin`: codes go to the server log (and, in development, to `GET /api/dev/sms-outbox`); `http`: a generic gateway; `aliyun`: Alibaba Cloud SMS; `tencent`: Tencent Cloud SMS (docs/deploy.md has a section for each)',
    read: oneOf(['builtin', 'http', 'aliyun', 'tencent']),
  }),
  SMS_TIMEOUT_MS: variable({
    group: 'providers',
    default: '5000',
    doc: "how long an SMS vendor may take before the send counts as failed (500 to 30000; the sender's limit is refunded)",
    read: between(500, 30_000),
  }),
  ALIYUN_ACCESS_KEY_ID: variable({
    group: 'providers',
    doc: "`aliyun`: a RAM user's AccessKey ID (the user needs SendSms)",
    read: optionalText,
  }),
  ALIYUN_ACCESS_KEY_SECRET: variable({
    group: 'providers',
    doc: '`aliyun`: the AccessKey secret of the same key',
    read: optionalText,
  }),
  ALIYUN_SMS_SIGN_NAME: variable({
    group: 'providers',
    doc: "`aliyun`: the approved sign name (签名名称); `ALIYUN_SMS_SIGN_NAME_2` for brand 2 (default: brand 1's)",
    read: optionalText,
  }),
  ALIYUN_SMS_SIGN_NAME_2: variable({ group: 'providers', doc: "`aliyun`: brand 2's sign name", read: optionalText }),
  ALIYUN_SMS_TEMPLATE_CODE: variable({
    group: 'providers',
    doc: '`aliyun`: the domestic verification-code template (`SMS_…`, with a `code` variable)',
    read: optionalText,
  }),
  ALIYUN_SMS_TEMPLATE_CODE_2: variable({ group: 'providers', doc: "`aliyun`: brand 2's template", read: optionalText }),
  ALIYUN_SMS_TEMPLATE_CODE_INTL: variable({
    group: 'providers',
    doc: '`aliyun`: the international template for numbers outside mainland China (optional: without it they are refused with 40013)',
    read: optionalText,
  }),
  ALIYUN_SMS_TEMPLATE_CODE_INTL_2: variable({
    group: 'providers',
    doc: "`aliyun`: brand 2's international template",
    read: optionalText,
  }),
  ALIYUN_SMS_ENDPOINT: variable({
    group: 'providers',
    default: 'https://dysmsapi.aliyuncs.com',
    doc: '`aliyun`: the API endpoint (a host name or an origin; tests point it at a local fake)',
    read: optionalText,
  }),
  TENCENT_SECRET_ID: variable({
    group: 'providers',
    doc: '`tencent` SMS or captcha: the SecretId of a Tencent Cloud API key (`AKID…`)',
    read: optionalText,
  }),
  TENCENT_SECRET_KEY: variable({
    group: 'providers',
    doc: '`tencent` SMS or captcha: the SecretKey of the same key',
    read: optionalText,
  }),
  TENCENT_SMS_SDK_APP_ID: variable({
    group: 'providers',
    doc: "`tencent`: the SMS application's SDK AppID (10 digits, `1400…`); `_2` for brand 2",
    read: optionalText,
  }),
  TENCENT_SMS_SDK_APP_ID_2: variable({ group: 'providers', doc: "`tencent`: brand 2's SDK AppID", read: optionalText }),
  TENCENT_SMS_SIGN_NAME: variable({
    group: 'providers',
    doc: '`tencent`: the approved sign name (签名内容)',
    read: optionalText,
  }),
  TENCENT_SMS_SIGN_NAME_2: variable({ group: 'providers', doc: "`tencent`: brand 2's sign name", read: optionalText }),
  TENCENT_SMS_TEMPLATE_ID: variable({
    group: 'providers',
    doc: '`tencent`: the domestic verification-code template id (`{1}` is the code)',
    read: optionalText,
  }),
  TENCENT_SMS_TEMPLATE_ID_2: variable({
    group: 'providers',
    doc: "`tencent`: brand 2's template id",
    read: optionalText,
  }),
  TENCENT_SMS_TEMPLATE_ID_INTL: variable({
    group: 'providers',
    doc: '`tencent`: the international template id (optional)',
    read: optionalText,
  }),
  TENCENT_SMS_TEMPLATE_ID_INTL_2: variable({
    group: 'providers',
    doc: "`tencent`: brand 2's international template id",
    read: optionalText,
  }),
  TENCENT_SMS_REGION: variable({
    group: 'providers',
    default: 'ap-guangzhou',
    doc: '`tencent`: the SMS region, `ap-guangzhou`, `ap-beijing` or `ap-nanjing`',
    read: oneOf(['ap-guangzhou', 'ap-beijing', 'ap-nanjing']),
  }),
  TENCENT_SMS_ENDPOINT: variable({
    group: 'providers',
    default: 'https://sms.tencentcloudapi.com',
    doc: '`tencent`: the SMS API endpoint (must start with `sms.`, no port: the SDK signs the host)',
    read: optionalText,
  }),
  SMS_GATEWAY_URL: variable({
    group: 'providers',
    doc: "the SMS gateway's URL (required with `SMS_PROVIDER=http`; docs/api.md shows the request it receives)",
    read: httpUrl,
  }),
  SMS_GATEWAY_KEY: variable({
    group: 'providers',
    doc: 'sent to the gateway as `Authorization: Bearer …` (required with `http`)',
    read: optionalText,
  }),
  CAPTCHA_PROVIDER: variable({
    group: 'providers',
    default: 'builtin',
    doc: "`builtin`: the server's own slider puzzle; `remote`: a third-party captcha verified by URL; `tencent`: Tencent Cloud captcha (verified with DescribeCaptchaResult)",
    read: oneOf(['builtin', 'remote', 'tencent']),
  }),
  CAPTCHA_APP_SECRET_KEY: variable({
    group: 'providers',
    doc: '`tencent` captcha: the AppSecretKey of the captcha (its CaptchaAppId goes in `CAPTCHA_APP_ID`)',
    read: optionalText,
  }),
  TENCENT_CAPTCHA_ENDPOINT: variable({
    group: 'providers',
    default: 'https://captcha.tencentcloudapi.com',
    doc: '`tencent` captcha: the API endpoint (must start with `captcha.`, no port)',
    read: optionalText,
  }),
  CAPTCHA_APP_ID: variable({
    group: 'providers',
    doc: "the third-party widget's app id (required with `remote`; Tencent's CaptchaAppId with `tencent`)",
    read: optionalText,
  }),
  CAPTCHA_SECRET: variable({
    group: 'providers',
    doc: "the server's secret for the third-party verify call (required with `remote`)",
    read: optionalText,
  }),
  CAPTCHA_VERIFY_URL: variable({
    group: 'providers',
    doc: 'the third-party verify URL (required with `remote`)',
    read: httpUrl,
  }),
  WX_PROVIDER: variable({
    group: 'providers',
    default: 'simulator',
    doc: 'WeChat QR login: `simulator` (built-in phone simulator, no network) or `platform` (official account)',
    read: oneOf(['simulator', 'platform']),
  }),
  WX_QR_TTL_SECONDS: variable({
    group: 'providers',
    default: '300',
    doc: 'seconds a new login QR code stays valid (10 to 2592000)',
    read: between(10, 2_592_000),
  }),
  WX_TOKEN: variable({
    group: 'providers',
    doc: 'the webhook token set in the platform (required with `platform`; the simulator makes its own when empty)',
    read: optionalText,
  }),
  WX_APP_ID: variable({
    group: 'providers',
    doc: "brand 1's official-account app id (required with `platform`)",
    read: optionalText,
  }),
  WX_APP_SECRET: variable({
    group: 'providers',
    doc: "brand 1's official-account app secret (required with `platform`)",
    read: optionalText,
  }),
  WX_APP_ID_2: variable({
    group: 'providers',
    doc: "brand 2's app id (optional; brand 2 uses brand 1's account when not set)",
    read: optionalText,
  }),
  WX_APP_SECRET_2: variable({
    group: 'providers',
    doc: "brand 2's app secret (required when `WX_APP_ID_2` is set)",
    read: optionalText,
  }),
  WX_API_URL: variable({
    group: 'providers',
    default: 'https://api.weixin.qq.com',
    doc: 'the platform API (tests point it at a local fake)',
    read: requiredHttpUrl,
  }),
  WX_SIMULATOR_URL: variable({
    group: 'providers',
    doc: "origin brand 1's simulator QR codes point at (default: this machine's LAN address and the brand's port)",
    read: httpUrl,
  }),
  WX_SIMULATOR_URL_2: variable({
    group: 'providers',
    doc: "the same for brand 2 (brand 1's origin is never borrowed: it would reach brand 1)",
    read: httpUrl,
  }),
} as const;

/** The variables the scripts and tests read (documented with the server's, parsed where they are used). */
export const TOOL_ENV: Record<string, { default?: string; doc: string }> = {
  LOG_LEVEL: {
    default: 'info',
    doc: 'the server log level: one JSON line per event and per request on stdout (short readable lines on a terminal); phone numbers masked, no passwords, tokens or codes',
  },
  PORTAL_DIST: {
    default: 'dist',
    doc: 'build folder of `npm start`, `npm run build` and `npm run serve` (tests use `dist-e2e`); the compiled server always serves the folder it is in',
  },
  CHROMIUM_PATH: { default: '/usr/bin/chromium', doc: 'the browser the browser tests and the benchmark drive' },
  E2E_PORT: {
    default: '5030',
    doc: '`npm run test:e2e`: the port of brand 1 (brand 2 on the next); `E2E_DIST` the build folder',
  },
  E2E_ONLY: {
    doc: '`npm run test:e2e`: only the tests whose name matches this regular expression (`node --test-name-pattern`)',
  },
  TEST_DATABASE_URL: {
    doc: 'the PostgreSQL server the server tests also run on (default: the local cluster `scripts/test-postgres.sh` starts)',
  },
  BENCH_SECONDS: {
    default: '5',
    doc: '`npm run bench`: the length of each measured server run (after 1 s of warm-up)',
  },
  BENCH_PORT: { default: '5132', doc: '`npm run bench`: the first of the 4 ports of the server speed runs' },
  BENCH_DATABASE_URL: {
    doc: '`npm run bench`: a PostgreSQL server for the API rows (default: `scripts/test-postgres.sh`; empty: skipped)',
  },
  LIGHTHOUSE_PATHS: { doc: '`npm run lighthouse -- mobile`: only these phone pages (comma-separated)' },
  LIGHTHOUSE_DETAILS: {
    doc: "`1`: `npm run lighthouse -- mobile` also prints each run's LCP element, shifts and requests",
  },
};

type Env = typeof ENV;
export type EnvValues = { [K in keyof Env]: ReturnType<Env[K]['read']> };

/** The zod schema of the environment: every variable of `ENV`, its default applied, read into its value. */
export const envSchema = z.object(
  Object.fromEntries(
    Object.entries(ENV).map(([name, spec]) => [
      name,
      z
        .string()
        .optional()
        .transform((value) => (spec.read as EnvVariable<unknown>['read'])(value || spec.default, name))
        .describe(spec.doc)
        .meta({ default: spec.default ?? null, group: spec.group }),
    ]),
  ),
) as unknown as z.ZodType<EnvValues, Record<string, string | undefined>>;

/** The environment read through the schema; throws the first variable's own message when one cannot be used. */
export function readEnv(env: Record<string, string | undefined>): EnvValues {
  return envSchema.parse(env);
}

/** docs/settings.md's tables, generated from `ENV` and `TOOL_ENV` (scripts/docs.test.ts compares). */
export function settingsTables(): string {
  const cell = (value: string) => value.replace(/\|/g, '\\|');
  const lines: string[] = [];
  for (const [group, title] of Object.entries(ENV_GROUPS)) {
    lines.push(`## ${title}`, '', '| variable | default | meaning |', '| --- | --- | --- |');
    for (const [name, spec] of Object.entries(ENV) as [string, EnvVariable<unknown>][]) {
      if (spec.group !== group) continue;
      lines.push(`| \`${name}\` | ${spec.default === undefined ? '' : `\`${spec.default}\``} | ${cell(spec.doc)} |`);
    }
    lines.push('');
  }
  lines.push('## Scripts and tests', '', '| variable | default | meaning |', '| --- | --- | --- |');
  for (const [name, spec] of Object.entries(TOOL_ENV))
    lines.push(`| \`${name}\` | ${spec.default === undefined ? '' : `\`${spec.default}\``} | ${cell(spec.doc)} |`);
  return `${lines.join('\n')}\n`;
}
