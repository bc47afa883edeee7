/**
 * Every setting of the server, read once from the environment, with its default. README lists them.
 */
import proxyAddr from 'proxy-addr';
import type { BrandId } from '../shared/brand';
import { type AnalyticsConfig, CLICK_ID_PARAMS, type ClickIdParam, type Edition } from '../shared/portal-env';

/** Whether the proxy hop `hop` (0 = the socket's peer) at `address` is trusted to report the client. */
export type ProxyTrust = (address: string, hop: number) => boolean;

export interface Settings {
  /** Port of brand 1 (StarReach). */
  port: number;
  /** Port of brand 2 (CreatorBox); a request arriving here is brand 2 whatever its host. */
  brand2Port: number;
  host: string;
  /** A host name containing this marker selects brand 2. */
  brand2HostMarker: string;
  edition: Edition;
  workbenchUrl: string;
  production: boolean;
  /**
   * DEMO_MODE: the pages offer the tools made for trying the product (the QR panels link to the WeChat simulator,
   * labelled as a demo aid). Default: on in development (`npm run dev`), off otherwise.
   */
  demoMode: boolean;
  /** Seconds a rendered page stays in the server's HTML cache (0 turns the cache off). */
  htmlCacheSeconds: number;
  /** The most memory the HTML cache's pages (every encoding) take, in MiB (HTML_CACHE_MB). */
  htmlCacheMegabytes: number;
  /**
   * BENCH_UNLIMITED=1: the per-IP rate limits are lifted so a load test from one address measures the server,
   * not the limiter. Refused with NODE_ENV=production (`BENCH_UNLIMITED_REFUSAL`).
   */
  benchUnlimited: boolean;
  /** How long a shutdown waits for the requests under way before cutting them off (SHUTDOWN_TIMEOUT_MS). */
  shutdownTimeoutMs: number;
  /** Where each brand's Windows client and dedicated browser download from (null: not available yet). */
  downloads: Record<BrandId, { client: string | null; pluginBrowser: string | null }>;
  /** Each brand's analytics script and ad conversion addresses; null when none is set (the default: nothing loads). */
  analytics: Record<BrandId, AnalyticsConfig | null>;
  /** A PostgreSQL connection string; when empty the embedded database in `dataDir` is used. */
  databaseUrl?: string;
  /** Connections each server process keeps open to PostgreSQL at most (DATABASE_POOL_SIZE). */
  databasePoolSize: number;
  /** Folder of the embedded (PGlite) database. */
  dataDir: string;
  /**
   * Which proxies in front may report the client (X-Forwarded-For, -Proto): TRUST_PROXY as a number of hops or a
   * list of addresses/CIDRs; null when no proxy is trusted and the socket's peer is the client.
   */
  trustProxy: ProxyTrust | null;
  /** The public origin of each brand (PUBLIC_URL, PUBLIC_URL_2) for absolute URLs; the request's host when unset. */
  publicUrl?: string;
  publicUrl2?: string;
  /** Host names (beside localhost, loopback and this machine's addresses) whose Host header absolute URLs may copy. */
  allowedHosts: string[];
  /** Whether HTTPS responses ask to be on the browsers' HSTS preload list (`preload`; `HSTS_PRELOAD=1`). */
  hstsPreload: boolean;
  /** Where SMS codes go: the built-in sink (server log + development outbox) or an HTTP gateway. */
  sms: { provider: 'builtin' | 'http'; gatewayUrl?: string; gatewayKey?: string };
  /** The captcha in front of every SMS: the built-in slider or a third-party service verified by URL. */
  captcha: { provider: 'builtin' | 'remote'; appId?: string; secret?: string; verifyUrl?: string };
  /** The messaging platform of the QR login (WeChat official account): the built-in simulator or the platform. */
  wx: WxSettings;
}

export interface WxAccount {
  appId: string;
  appSecret: string;
}

export interface WxSettings {
  provider: 'simulator' | 'platform';
  /** Seconds a new login QR code stays valid. */
  qrTtlSeconds: number;
  /** The token the platform signs webhook calls with (platform: required; simulator: a per-install secret when empty). */
  token?: string;
  /** Platform API base URL. */
  apiUrl: string;
  /** Brand 1's official account (required with `platform`). */
  account?: WxAccount;
  /** Brand 2's official account; brand 1's when not set. */
  account2?: WxAccount;
  /** Origin brand 1's simulator QR codes point at (default: this machine's LAN address and the brand's port). */
  simulatorUrl?: string;
  /** The same for brand 2 (default: the automatic rule; brand 1's origin would reach brand 1). */
  simulatorUrl2?: string;
}

/** The message a production start gives for BENCH_UNLIMITED (and the exit code it stops with). */
export const BENCH_UNLIMITED_REFUSAL = {
  message:
    'BENCH_UNLIMITED=1 lifts the per-IP rate limits for benchmarks only; a production start (NODE_ENV=production) refuses it. Unset BENCH_UNLIMITED, or start the benchmark server with NODE_ENV=bench.',
  exitCode: 78,
};

export class SettingsRefusal extends Error {
  readonly exitCode: number;
  constructor(refusal: { message: string; exitCode: number }) {
    super(refusal.message);
    this.exitCode = refusal.exitCode;
  }
}

function benchUnlimitedSetting(env: Record<string, string | undefined>): boolean {
  const value = env.BENCH_UNLIMITED ?? '';
  if (value === '' || value === '0') return false;
  if (value !== '1') throw new Error(`BENCH_UNLIMITED must be 1 or 0, got "${value}"`);
  if (env.NODE_ENV === 'production') throw new SettingsRefusal(BENCH_UNLIMITED_REFUSAL);
  return true;
}

function demoModeSetting(env: Record<string, string | undefined>): boolean {
  const value = env.DEMO_MODE ?? '';
  if (value === '') return env.NODE_ENV === 'development';
  if (value !== '1' && value !== '0') throw new Error(`DEMO_MODE must be 1 or 0, got "${value}"`);
  return value === '1';
}

function intSetting(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a whole number, got "${value}"`);
  return parsed;
}

function choice<T extends string>(value: string | undefined, options: readonly T[], name: string): T {
  const picked = value || options[0];
  if (!(options as readonly string[]).includes(picked))
    throw new Error(`${name} must be ${options.map((o) => `"${o}"`).join(' or ')}, got "${value}"`);
  return picked as T;
}

function required(env: NodeJS.ProcessEnv, name: string, because: string): string {
  const value = env[name];
  if (!value) throw new Error(`${name} must be set when ${because}`);
  return value;
}

function urlSetting(env: NodeJS.ProcessEnv, name: string, because: string): string {
  const value = required(env, name, because);
  if (!/^https?:\/\//.test(value)) throw new Error(`${name} must be an http(s) URL, got "${value}"`);
  return value;
}

/**
 * TRUST_PROXY: empty, `0` or `false` trusts no proxy; `true` or a number N trusts that many hops in front (`true`
 * is 1); anything else is a comma-separated list of proxy addresses or CIDRs (or proxy-addr's names `loopback`,
 * `linklocal`, `uniquelocal`). The client is then the right-most address of X-Forwarded-For that is not trusted.
 */
function readTrustProxy(value: string | undefined): ProxyTrust | null {
  const text = (value ?? '').trim();
  if (text === '' || text === '0' || text === 'false') return null;
  const hops = text === 'true' ? 1 : /^\d+$/.test(text) ? Number(text) : undefined;
  if (hops !== undefined) return (_address, hop) => hop < hops;
  try {
    return proxyAddr.compile(text.split(',').map((entry) => entry.trim()));
  } catch (error) {
    throw new Error(
      `TRUST_PROXY must be a number of hops or proxy addresses/CIDRs, got "${text}" (${(error as Error).message})`,
    );
  }
}

/** DATABASE_POOL_SIZE: 1 to 1000 connections per process, default 10. */
function poolSize(value: string | undefined): number {
  const size = intSetting(value, 10, 'DATABASE_POOL_SIZE');
  if (size < 1 || size > 1000) throw new Error(`DATABASE_POOL_SIZE must be between 1 and 1000, got "${value}"`);
  return size;
}

/** An origin setting (`https://host[:port]`, no path): returned without a trailing slash. */
function originSetting(value: string | undefined, name: string): string | undefined {
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
function downloadSetting(env: NodeJS.ProcessEnv, name: string): string | null {
  const value = env[name];
  if (!value) return null;
  if (!/^(https?:\/\/|\/(?!\/))/.test(value))
    throw new Error(`${name} must be an http(s) URL or a path, got "${value}"`);
  return value;
}

/** The analytics script address: ANALYTICS_SCRIPT_URL with `{siteId}` (default Baidu Tongji's `hm.js`). */
export const DEFAULT_ANALYTICS_SCRIPT_URL = 'https://hm.baidu.com/hm.js?{siteId}';
const SITE_ID = /^[\w-]{1,64}$/;

function absoluteUrl(value: string, name: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an absolute http(s) URL, got "${value}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`${name} must be an absolute http(s) URL, got "${value}"`);
  return url;
}

/**
 * A brand's analytics (suffix '' for brand 1, '_2' for brand 2): ANALYTICS_SITE_ID names the site in the analytics
 * service, whose script address ANALYTICS_SCRIPT_URL gives (shared by both brands); AD_CONVERSION_URLS lists, for
 * each ad click id, where a registration carrying it is reported: `bd_vid=https://…{clickId}… qhclickid=https://…`.
 */
function readAnalytics(env: NodeJS.ProcessEnv, suffix: '' | '_2'): AnalyticsConfig | null {
  const siteId = env[`ANALYTICS_SITE_ID${suffix}`]?.trim();
  const conversionsText = env[`AD_CONVERSION_URLS${suffix}`]?.trim();
  if (!siteId && !conversionsText) return null;
  let script: string | null = null;
  if (siteId) {
    if (!SITE_ID.test(siteId))
      throw new Error(`ANALYTICS_SITE_ID${suffix} must be 1-64 letters, digits, _ or -, got "${siteId}"`);
    const template = env.ANALYTICS_SCRIPT_URL || DEFAULT_ANALYTICS_SCRIPT_URL;
    if (!template.includes('{siteId}'))
      throw new Error(`ANALYTICS_SCRIPT_URL must contain {siteId} where the site id goes, got "${template}"`);
    script = absoluteUrl(template.replace('{siteId}', encodeURIComponent(siteId)), 'ANALYTICS_SCRIPT_URL').href;
  }
  const conversions: AnalyticsConfig['conversions'] = [];
  for (const entry of (conversionsText ?? '').split(/\s+/).filter(Boolean)) {
    const name = `AD_CONVERSION_URLS${suffix}`;
    const at = entry.indexOf('=');
    const param = entry.slice(0, at);
    const url = entry.slice(at + 1);
    if (at < 0 || !(CLICK_ID_PARAMS as readonly string[]).includes(param))
      throw new Error(`${name} entries must be ${CLICK_ID_PARAMS.join(' or ')}=<URL>, got "${entry}"`);
    if (!url.includes('{clickId}')) throw new Error(`${name}: the ${param} URL must contain {clickId}, got "${url}"`);
    absoluteUrl(url.replace('{clickId}', 'x'), name);
    if (conversions.some((c) => c.param === param)) throw new Error(`${name} names ${param} twice`);
    conversions.push({ param: param as ClickIdParam, url });
  }
  return { script, conversions };
}

/** The origins a brand's analytics loads from or reports to: exactly what its policy must allow. */
export function analyticsOrigins(config: AnalyticsConfig | null | undefined): {
  script: string[];
  connect: string[];
} {
  if (!config) return { script: [], connect: [] };
  const script = config.script ? [new URL(config.script).origin] : [];
  const reports = config.conversions.map((c) => new URL(c.url.replace('{clickId}', 'x')).origin);
  return { script, connect: [...new Set([...script, ...reports])] };
}

function readSms(env: NodeJS.ProcessEnv): Settings['sms'] {
  const provider = choice(env.SMS_PROVIDER, ['builtin', 'http'] as const, 'SMS_PROVIDER');
  if (provider === 'builtin') return { provider };
  const because = 'SMS_PROVIDER is "http"';
  return {
    provider,
    gatewayUrl: urlSetting(env, 'SMS_GATEWAY_URL', because),
    gatewayKey: required(env, 'SMS_GATEWAY_KEY', because),
  };
}

function readCaptcha(env: NodeJS.ProcessEnv): Settings['captcha'] {
  const provider = choice(env.CAPTCHA_PROVIDER, ['builtin', 'remote'] as const, 'CAPTCHA_PROVIDER');
  if (provider === 'builtin') return { provider };
  const because = 'CAPTCHA_PROVIDER is "remote"';
  return {
    provider,
    appId: required(env, 'CAPTCHA_APP_ID', because),
    secret: required(env, 'CAPTCHA_SECRET', because),
    verifyUrl: urlSetting(env, 'CAPTCHA_VERIFY_URL', because),
  };
}

function readWx(env: NodeJS.ProcessEnv): WxSettings {
  const provider = choice(env.WX_PROVIDER, ['simulator', 'platform'] as const, 'WX_PROVIDER');
  const qrTtlSeconds = intSetting(env.WX_QR_TTL_SECONDS, 300, 'WX_QR_TTL_SECONDS');
  if (qrTtlSeconds < 10 || qrTtlSeconds > 2_592_000)
    throw new Error(`WX_QR_TTL_SECONDS must be between 10 and 2592000, got "${env.WX_QR_TTL_SECONDS}"`);
  const apiUrl = env.WX_API_URL || 'https://api.weixin.qq.com';
  if (!/^https?:\/\//.test(apiUrl)) throw new Error(`WX_API_URL must be an http(s) URL, got "${apiUrl}"`);
  const simulatorUrl = env.WX_SIMULATOR_URL || undefined;
  const simulatorUrl2 = env.WX_SIMULATOR_URL_2 || undefined;
  for (const [name, value] of [
    ['WX_SIMULATOR_URL', simulatorUrl],
    ['WX_SIMULATOR_URL_2', simulatorUrl2],
  ])
    if (value && !/^https?:\/\//.test(value)) throw new Error(`${name} must be an http(s) URL, got "${value}"`);
  if (provider === 'simulator')
    return { provider, qrTtlSeconds, apiUrl, simulatorUrl, simulatorUrl2, token: env.WX_TOKEN || undefined };
  const because = 'WX_PROVIDER is "platform"';
  const account = { appId: required(env, 'WX_APP_ID', because), appSecret: required(env, 'WX_APP_SECRET', because) };
  const account2 =
    env.WX_APP_ID_2 || env.WX_APP_SECRET_2
      ? {
          appId: required(env, 'WX_APP_ID_2', 'WX_APP_SECRET_2 is set'),
          appSecret: required(env, 'WX_APP_SECRET_2', 'WX_APP_ID_2 is set'),
        }
      : undefined;
  return { provider, qrTtlSeconds, apiUrl, account, account2, token: required(env, 'WX_TOKEN', because) };
}

export function readSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  const edition = env.EDITION ?? 'main';
  if (edition !== 'main' && edition !== 'regional')
    throw new Error(`EDITION must be "main" or "regional", got "${edition}"`);
  return {
    port: intSetting(env.PORT, 3030, 'PORT'),
    brand2Port: intSetting(env.BRAND2_PORT, 3031, 'BRAND2_PORT'),
    host: env.HOST ?? '0.0.0.0',
    brand2HostMarker: env.BRAND2_HOST_MARKER ?? 'creatorbox',
    edition,
    workbenchUrl: env.WORKBENCH_URL ?? '/workbench/function_introduction',
    production: env.NODE_ENV !== 'development',
    demoMode: demoModeSetting(env),
    htmlCacheSeconds: intSetting(env.HTML_CACHE_SECONDS, 300, 'HTML_CACHE_SECONDS'),
    htmlCacheMegabytes: intSetting(env.HTML_CACHE_MB, 64, 'HTML_CACHE_MB'),
    benchUnlimited: benchUnlimitedSetting(env),
    shutdownTimeoutMs: intSetting(env.SHUTDOWN_TIMEOUT_MS, 10_000, 'SHUTDOWN_TIMEOUT_MS'),
    downloads: {
      starreach: {
        client: downloadSetting(env, 'CLIENT_DOWNLOAD_URL'),
        pluginBrowser: downloadSetting(env, 'BROWSER_DOWNLOAD_URL'),
      },
      creatorbox: {
        client: downloadSetting(env, 'CLIENT_DOWNLOAD_URL_2'),
        pluginBrowser: downloadSetting(env, 'BROWSER_DOWNLOAD_URL_2'),
      },
    },
    analytics: { starreach: readAnalytics(env, ''), creatorbox: readAnalytics(env, '_2') },
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: poolSize(env.DATABASE_POOL_SIZE),
    dataDir: env.DATA_DIR || 'data/pglite',
    trustProxy: readTrustProxy(env.TRUST_PROXY),
    publicUrl: originSetting(env.PUBLIC_URL, 'PUBLIC_URL'),
    publicUrl2: originSetting(env.PUBLIC_URL_2, 'PUBLIC_URL_2'),
    allowedHosts: (env.ALLOWED_HOSTS ?? '')
      .split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
    hstsPreload: env.HSTS_PRELOAD === '1' || env.HSTS_PRELOAD === 'true',
    sms: readSms(env),
    captcha: readCaptcha(env),
    wx: readWx(env),
  };
}
