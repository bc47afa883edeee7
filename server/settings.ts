/**
 * Every setting of the server, read once from the environment. Each variable is declared once, in `ENV`
 * (server/settings-schema.ts): its default, its meaning and how its text is read; `readSettings` parses the
 * environment through that schema and assembles the typed settings, checking what one setting requires of
 * another. docs/settings.md is generated from the same schema (`npm run docs:settings`).
 */
import proxyAddr from 'proxy-addr';
import type { BrandId } from '../shared/brand';
import { type AnalyticsConfig, CLICK_ID_PARAMS, type ClickIdParam, type Edition } from '../shared/portal-env';
import type { AliyunBrandSms } from './providers/sms/aliyun';
import type { TencentBrandSms } from './providers/sms/tencent';
import { type EnvValues, readEnv } from './settings-schema';

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
  /** How long the requests under way get after the drain before they are cut off (SHUTDOWN_TIMEOUT_MS). */
  shutdownTimeoutMs: number;
  /**
   * How long a stopping process keeps answering, readiness 503, before it closes its listeners
   * (SHUTDOWN_DRAIN_MS): longer than the proxy's idle keep-alive to the process (3 s in deploy/nginx). None in
   * development, where no proxy is in front and Ctrl-C should stop at once.
   */
  shutdownDrainMs: number;
  /** Where each brand's Windows client and dedicated browser download from (null: not available yet). */
  downloads: Record<BrandId, { client: string | null; pluginBrowser: string | null }>;
  /** Each brand's analytics script and ad conversion addresses; null when none is set (the default: nothing loads). */
  analytics: Record<BrandId, AnalyticsConfig | null>;
  /** Each brand's conversions sent by the server from the outbox (none by default). */
  conversions: Record<BrandId, ServerConversions>;
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
  /**
   * Where SMS codes go: the built-in sink (server log + development outbox), an HTTP gateway, Alibaba Cloud SMS or
   * Tencent Cloud SMS (docs/deploy.md has a section for each).
   */
  sms: SmsSettings;
  /** The captcha in front of every SMS: the built-in slider, a "siteverify" service, or Tencent Cloud captcha. */
  captcha: CaptchaSettings;
  /** The messaging platform of the QR login (WeChat official account): the built-in simulator or the platform. */
  wx: WxSettings;
  /**
   * The Prometheus endpoint's own listener (METRICS_PORT, METRICS_HOST, default loopback); null when METRICS_PORT
   * is unset: no metrics listener. Never one of the public ports (docs/decisions/031-metrics-and-operator-logs.md).
   */
  metrics: { port: number; host: string } | null;
}

/** Tencent Cloud API credentials (one API key serves SMS and captcha). */
export interface TencentApiKey {
  secretId: string;
  secretKey: string;
}

export interface SmsSettings {
  provider: 'builtin' | 'http' | 'aliyun' | 'tencent';
  /** How long a vendor may take to take a message before the send counts as failed (SMS_TIMEOUT_MS). */
  timeoutMs: number;
  gatewayUrl?: string;
  gatewayKey?: string;
  aliyun?: {
    accessKeyId: string;
    accessKeySecret: string;
    endpoint: string;
    brands: Record<BrandId, AliyunBrandSms>;
  };
  tencent?: TencentApiKey & { endpoint: string; region: string; brands: Record<BrandId, TencentBrandSms> };
}

export interface CaptchaSettings {
  provider: 'builtin' | 'remote' | 'tencent';
  appId?: string;
  secret?: string;
  verifyUrl?: string;
  tencent?: TencentApiKey & { appSecretKey: string; endpoint: string };
}

/** Conversions one brand reports from the server (BAIDU_OCPC_TOKEN, AD_CONVERSION_SERVER_URLS). */
export interface ServerConversions {
  baidu?: { token: string; newType: number; landingUrl: string; uploadUrl: string };
  urls: { param: ClickIdParam; url: string }[];
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

/** The environment's texts by name, for readers that pick variables by a computed name. */
type Raw = Record<string, string | undefined>;

function required(value: string | undefined, name: string, because: string): string {
  if (!value) throw new Error(`${name} must be set when ${because}`);
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
function readAnalytics(env: EnvValues, suffix: '' | '_2'): AnalyticsConfig | null {
  const siteId = env[`ANALYTICS_SITE_ID${suffix}`];
  const conversionsText = env[`AD_CONVERSION_URLS${suffix}`];
  if (!siteId && !conversionsText) return null;
  let script: string | null = null;
  if (siteId) {
    if (!SITE_ID.test(siteId))
      throw new Error(`ANALYTICS_SITE_ID${suffix} must be 1-64 letters, digits, _ or -, got "${siteId}"`);
    const template = env.ANALYTICS_SCRIPT_URL;
    if (!template.includes('{siteId}'))
      throw new Error(`ANALYTICS_SCRIPT_URL must contain {siteId} where the site id goes, got "${template}"`);
    script = absoluteUrl(template.replace('{siteId}', encodeURIComponent(siteId)), 'ANALYTICS_SCRIPT_URL').href;
  }
  const conversions = conversionUrls(conversionsText, `AD_CONVERSION_URLS${suffix}`);
  return { script, conversions };
}

/** `param=URL` entries (AD_CONVERSION_URLS, AD_CONVERSION_SERVER_URLS): each URL with `{clickId}` where the id goes. */
function conversionUrls(text: string | undefined, name: string): AnalyticsConfig['conversions'] {
  const conversions: AnalyticsConfig['conversions'] = [];
  for (const entry of (text ?? '').split(/\s+/).filter(Boolean)) {
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
  return conversions;
}

/**
 * A brand's conversions reported by the server (server/conversions/outbox.ts): Baidu's OCPC upload for bd_vid
 * when BAIDU_OCPC_TOKEN is set, and AD_CONVERSION_SERVER_URLS templates (a GET per conversion) for the others. A
 * click id reported here must not also be reported by the browser (AD_CONVERSION_URLS), or it would count twice.
 */
function readServerConversions(
  env: EnvValues,
  suffix: '' | '_2',
  browser: AnalyticsConfig | null,
  landingOrigin: string | undefined,
): ServerConversions {
  const urls = conversionUrls(env[`AD_CONVERSION_SERVER_URLS${suffix}`], `AD_CONVERSION_SERVER_URLS${suffix}`);
  const token = env[`BAIDU_OCPC_TOKEN${suffix}`];
  let baidu: ServerConversions['baidu'];
  if (token) {
    if (urls.some((u) => u.param === 'bd_vid'))
      throw new Error(`BAIDU_OCPC_TOKEN${suffix} and AD_CONVERSION_SERVER_URLS${suffix} both report bd_vid: keep one`);
    if (!landingOrigin)
      throw new Error(
        `PUBLIC_URL${suffix} must be set when BAIDU_OCPC_TOKEN${suffix} is (Baidu matches a conversion by the landing page address)`,
      );
    const newType = env.BAIDU_OCPC_NEW_TYPE;
    baidu = { token, newType, landingUrl: `${landingOrigin}/`, uploadUrl: env.BAIDU_OCPC_URL };
    absoluteUrl(baidu.uploadUrl, 'BAIDU_OCPC_URL');
  }
  const server = [...urls.map((u) => u.param), ...(baidu ? ['bd_vid'] : [])];
  for (const param of browser?.conversions.map((c) => c.param) ?? [])
    if (server.includes(param))
      throw new Error(
        `AD_CONVERSION_URLS${suffix} reports ${param} from the browser and the server reports it too (${param === 'bd_vid' && baidu ? `BAIDU_OCPC_TOKEN${suffix}` : `AD_CONVERSION_SERVER_URLS${suffix}`}): keep one, or each registration counts twice`,
      );
  return { baidu, urls };
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

function pattern(env: Raw, name: string, because: string, shape: RegExp, what: string): string {
  const value = required(env[name]?.trim(), name, because);
  if (!shape.test(value)) throw new Error(`${name} must be ${what}, got "${value}"`);
  return value;
}

function optionalPattern(env: Raw, name: string, shape: RegExp, what: string): string | undefined {
  const value = env[name]?.trim();
  if (!value) return undefined;
  if (!shape.test(value)) throw new Error(`${name} must be ${what}, got "${value}"`);
  return value;
}

/**
 * A vendor API endpoint: a host name or an http(s) URL without a path. Tencent's SDK takes the service from the
 * host's first label and signs the host without its port, so a Tencent endpoint must start with `service.` and
 * carry no port.
 */
function endpointSetting(env: Raw, name: string, tencentService?: string): string {
  const value = env[name]?.trim() ?? '';
  let url: URL;
  try {
    url = new URL(value.includes('://') ? value : `https://${value}`);
  } catch {
    throw new Error(`${name} must be a host name or an http(s) URL, got "${value}"`);
  }
  if (!/^https?:$/.test(url.protocol) || (url.pathname !== '/' && url.pathname !== ''))
    throw new Error(`${name} must be a host name or an http(s) URL without a path, got "${value}"`);
  if (tencentService && (!url.hostname.startsWith(`${tencentService}.`) || url.port))
    throw new Error(
      `${name} must be a host name starting with "${tencentService}." and without a port (the SDK signs the service and host from it), got "${value}"`,
    );
  return `${url.protocol}//${url.host}`;
}

function readTencentKey(env: Raw, because: string): TencentApiKey {
  return {
    secretId: pattern(
      env,
      'TENCENT_SECRET_ID',
      because,
      /^AKID[A-Za-z0-9-]{4,}$/,
      'the SecretId of a Tencent Cloud API key (starts with AKID)',
    ),
    secretKey: pattern(env, 'TENCENT_SECRET_KEY', because, /^\S{8,}$/, 'the SecretKey of the same API key'),
  };
}

function readSms(values: EnvValues): Settings['sms'] {
  const env = values as unknown as Raw;
  const provider = values.SMS_PROVIDER;
  const timeoutMs = values.SMS_TIMEOUT_MS;
  if (provider === 'builtin') return { provider, timeoutMs };
  const because = `SMS_PROVIDER is "${provider}"`;
  if (provider === 'http')
    return {
      provider,
      timeoutMs,
      gatewayUrl: required(values.SMS_GATEWAY_URL, 'SMS_GATEWAY_URL', because),
      gatewayKey: required(values.SMS_GATEWAY_KEY, 'SMS_GATEWAY_KEY', because),
    };
  if (provider === 'aliyun') {
    const template = /^SMS_\d+$/;
    const templateWhat = 'a template code of the SMS console such as SMS_123456789';
    const brand1: AliyunBrandSms = {
      signName: pattern(env, 'ALIYUN_SMS_SIGN_NAME', because, /^\S.{0,29}$/, 'the approved sign name (签名名称)'),
      templateCode: pattern(env, 'ALIYUN_SMS_TEMPLATE_CODE', because, template, templateWhat),
      templateCodeIntl: optionalPattern(env, 'ALIYUN_SMS_TEMPLATE_CODE_INTL', template, templateWhat),
    };
    return {
      provider,
      timeoutMs,
      aliyun: {
        accessKeyId: pattern(
          env,
          'ALIYUN_ACCESS_KEY_ID',
          because,
          /^[A-Za-z0-9]{8,64}$/,
          'the AccessKey ID of a RAM user (letters and digits)',
        ),
        accessKeySecret: pattern(
          env,
          'ALIYUN_ACCESS_KEY_SECRET',
          because,
          /^\S{8,}$/,
          'the AccessKey secret of the same key',
        ),
        endpoint: endpointSetting(env, 'ALIYUN_SMS_ENDPOINT'),
        brands: {
          starreach: brand1,
          creatorbox: {
            signName: env.ALIYUN_SMS_SIGN_NAME_2?.trim() || brand1.signName,
            templateCode:
              optionalPattern(env, 'ALIYUN_SMS_TEMPLATE_CODE_2', template, templateWhat) ?? brand1.templateCode,
            templateCodeIntl:
              optionalPattern(env, 'ALIYUN_SMS_TEMPLATE_CODE_INTL_2', template, templateWhat) ??
              brand1.templateCodeIntl,
          },
        },
      },
    };
  }
  const appId = /^\d{10}$/;
  const appIdWhat = 'the SDK AppID of the SMS console (10 digits, such as 1400123456)';
  const id = /^\d{1,12}$/;
  const idWhat = 'a template ID of the SMS console (digits)';
  const brand1: TencentBrandSms = {
    sdkAppId: pattern(env, 'TENCENT_SMS_SDK_APP_ID', because, appId, appIdWhat),
    signName: pattern(env, 'TENCENT_SMS_SIGN_NAME', because, /^\S.{0,29}$/, 'the approved sign name (签名内容)'),
    templateId: pattern(env, 'TENCENT_SMS_TEMPLATE_ID', because, id, idWhat),
    templateIdIntl: optionalPattern(env, 'TENCENT_SMS_TEMPLATE_ID_INTL', id, idWhat),
  };
  return {
    provider,
    timeoutMs,
    tencent: {
      ...readTencentKey(env, because),
      endpoint: endpointSetting(env, 'TENCENT_SMS_ENDPOINT', 'sms'),
      region: values.TENCENT_SMS_REGION,
      brands: {
        starreach: brand1,
        creatorbox: {
          sdkAppId: optionalPattern(env, 'TENCENT_SMS_SDK_APP_ID_2', appId, appIdWhat) ?? brand1.sdkAppId,
          signName: env.TENCENT_SMS_SIGN_NAME_2?.trim() || brand1.signName,
          templateId: optionalPattern(env, 'TENCENT_SMS_TEMPLATE_ID_2', id, idWhat) ?? brand1.templateId,
          templateIdIntl: optionalPattern(env, 'TENCENT_SMS_TEMPLATE_ID_INTL_2', id, idWhat) ?? brand1.templateIdIntl,
        },
      },
    },
  };
}

function readCaptcha(values: EnvValues): Settings['captcha'] {
  const env = values as unknown as Raw;
  const provider = values.CAPTCHA_PROVIDER;
  if (provider === 'builtin') return { provider };
  const because = `CAPTCHA_PROVIDER is "${provider}"`;
  if (provider === 'tencent')
    return {
      provider,
      appId: pattern(env, 'CAPTCHA_APP_ID', because, /^\d{6,12}$/, 'the CaptchaAppId of the captcha console (digits)'),
      tencent: {
        ...readTencentKey(env, because),
        appSecretKey: pattern(env, 'CAPTCHA_APP_SECRET_KEY', because, /^\S{8,}$/, 'the AppSecretKey of that captcha'),
        endpoint: endpointSetting(env, 'TENCENT_CAPTCHA_ENDPOINT', 'captcha'),
      },
    };
  return {
    provider,
    appId: required(values.CAPTCHA_APP_ID, 'CAPTCHA_APP_ID', because),
    secret: required(values.CAPTCHA_SECRET, 'CAPTCHA_SECRET', because),
    verifyUrl: required(values.CAPTCHA_VERIFY_URL, 'CAPTCHA_VERIFY_URL', because),
  };
}

function readWx(env: EnvValues): WxSettings {
  const { WX_PROVIDER: provider, WX_QR_TTL_SECONDS: qrTtlSeconds, WX_API_URL: apiUrl } = env;
  if (provider === 'simulator')
    return {
      provider,
      qrTtlSeconds,
      apiUrl,
      simulatorUrl: env.WX_SIMULATOR_URL,
      simulatorUrl2: env.WX_SIMULATOR_URL_2,
      token: env.WX_TOKEN,
    };
  const because = 'WX_PROVIDER is "platform"';
  const account = {
    appId: required(env.WX_APP_ID, 'WX_APP_ID', because),
    appSecret: required(env.WX_APP_SECRET, 'WX_APP_SECRET', because),
  };
  const account2 =
    env.WX_APP_ID_2 || env.WX_APP_SECRET_2
      ? {
          appId: required(env.WX_APP_ID_2, 'WX_APP_ID_2', 'WX_APP_SECRET_2 is set'),
          appSecret: required(env.WX_APP_SECRET_2, 'WX_APP_SECRET_2', 'WX_APP_ID_2 is set'),
        }
      : undefined;
  return { provider, qrTtlSeconds, apiUrl, account, account2, token: required(env.WX_TOKEN, 'WX_TOKEN', because) };
}

/** The metrics listener (METRICS_PORT, METRICS_HOST), never on a public port; null when METRICS_PORT is unset. */
function readMetrics(env: EnvValues): Settings['metrics'] {
  const port = env.METRICS_PORT;
  if (port === undefined) return null;
  if (port === env.PORT || port === env.BRAND2_PORT)
    throw new Error(`METRICS_PORT must not be a public port (PORT, BRAND2_PORT), got "${port}"`);
  return { port, host: env.METRICS_HOST };
}

export function readSettings(environment: NodeJS.ProcessEnv = process.env): Settings {
  const env = readEnv(environment);
  if (env.BENCH_UNLIMITED && env.NODE_ENV === 'production') throw new SettingsRefusal(BENCH_UNLIMITED_REFUSAL);
  const analytics = { starreach: readAnalytics(env, ''), creatorbox: readAnalytics(env, '_2') };
  return {
    port: env.PORT,
    brand2Port: env.BRAND2_PORT,
    host: env.HOST,
    brand2HostMarker: env.BRAND2_HOST_MARKER,
    edition: env.EDITION,
    workbenchUrl: env.WORKBENCH_URL,
    production: env.NODE_ENV !== 'development',
    htmlCacheSeconds: env.HTML_CACHE_SECONDS,
    htmlCacheMegabytes: env.HTML_CACHE_MB,
    benchUnlimited: env.BENCH_UNLIMITED,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    shutdownDrainMs: env.SHUTDOWN_DRAIN_MS ?? (env.NODE_ENV === 'development' ? 0 : 5000),
    demoMode: env.DEMO_MODE ?? env.NODE_ENV === 'development',
    downloads: {
      starreach: { client: env.CLIENT_DOWNLOAD_URL, pluginBrowser: env.BROWSER_DOWNLOAD_URL },
      creatorbox: { client: env.CLIENT_DOWNLOAD_URL_2, pluginBrowser: env.BROWSER_DOWNLOAD_URL_2 },
    },
    analytics,
    conversions: {
      starreach: readServerConversions(env, '', analytics.starreach, env.PUBLIC_URL),
      creatorbox: readServerConversions(env, '_2', analytics.creatorbox, env.PUBLIC_URL_2),
    },
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    dataDir: env.DATA_DIR,
    trustProxy: readTrustProxy(env.TRUST_PROXY),
    publicUrl: env.PUBLIC_URL,
    publicUrl2: env.PUBLIC_URL_2,
    allowedHosts: env.ALLOWED_HOSTS,
    hstsPreload: env.HSTS_PRELOAD,
    sms: readSms(env),
    captcha: readCaptcha(env),
    wx: readWx(env),
    metrics: readMetrics(env),
  };
}
