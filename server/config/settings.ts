/** Every setting, read once from the environment through the areas' schemas (./read.ts); `Settings` is inferred. */
import { analytics, readAnalytics, readServerConversions } from './analytics';
import { consoleArea, readConsole } from './console';
import { hopCountRefusal, network } from './network';
import { providers, readCaptcha, readSms, readSmsBudget, readWx } from './providers';
import { database, operations, site } from './site';

export { analyticsOrigins } from '../http/third-party';

export const AREAS = [site, database, network, operations, analytics, providers, consoleArea];
export type Settings = ReturnType<typeof readSettings>;
export type WxAccount = NonNullable<Settings['wx']['account']>;

/** A start refused for a reason of its own (not a value it cannot read): exit code 78, "configuration error". */
export class SettingsRefusal extends Error {
  readonly exitCode = 78;
}

export const BENCH_UNLIMITED_REFUSAL = new SettingsRefusal(
  'BENCH_UNLIMITED=1 lifts the per-IP rate limits for benchmarks only: only a start with NODE_ENV=bench accepts it (production, staging or any other NODE_ENV refuses it). Unset BENCH_UNLIMITED, or start the benchmark server with NODE_ENV=bench.',
);

export function readSettings(environment: Record<string, string | undefined> = process.env) {
  const env = { ...site.schema.parse(environment), ...database.schema.parse(environment) };
  const net = network.schema.parse(environment);
  const ops = operations.schema.parse(environment);
  const ads = analytics.schema.parse(environment);
  const services = providers.schema.parse(environment);
  const operatorConsole = consoleArea.schema.parse(environment);
  const development = env.NODE_ENV === 'development';
  if (ops.BENCH_UNLIMITED && env.NODE_ENV !== 'bench') throw BENCH_UNLIMITED_REFUSAL;
  if (ops.METRICS_PORT !== undefined && [env.PORT, env.BRAND2_PORT].includes(ops.METRICS_PORT))
    throw new Error(`METRICS_PORT must not be a public port (PORT, BRAND2_PORT), got "${ops.METRICS_PORT}"`);
  if (
    operatorConsole.CONSOLE_PORT !== undefined &&
    [env.PORT, env.BRAND2_PORT, ops.METRICS_PORT].includes(operatorConsole.CONSOLE_PORT)
  )
    throw new Error(
      `CONSOLE_PORT must have a port of its own (not PORT, BRAND2_PORT or METRICS_PORT), got "${operatorConsole.CONSOLE_PORT}"`,
    );
  return {
    port: env.PORT,
    brand2Port: env.BRAND2_PORT,
    host: env.HOST,
    brand2HostMarker: env.BRAND2_HOST_MARKER,
    edition: env.EDITION,
    workbenchUrl: env.WORKBENCH_URL,
    production: !development,
    standins: env.STANDINS,
    htmlCacheSeconds: env.HTML_CACHE_SECONDS,
    htmlCacheMegabytes: env.HTML_CACHE_MB,
    benchUnlimited: ops.BENCH_UNLIMITED,
    shutdownTimeoutMs: ops.SHUTDOWN_TIMEOUT_MS,
    /** None in development, where no proxy is in front and Ctrl-C should stop at once. */
    shutdownDrainMs: ops.SHUTDOWN_DRAIN_MS ?? (development ? 0 : 5000),
    downloads: {
      starreach: { client: ads.CLIENT_DOWNLOAD_URL ?? null, pluginBrowser: ads.BROWSER_DOWNLOAD_URL ?? null },
      creatorbox: { client: ads.CLIENT_DOWNLOAD_URL_2 ?? null, pluginBrowser: ads.BROWSER_DOWNLOAD_URL_2 ?? null },
    },
    analytics: { starreach: readAnalytics(ads, ''), creatorbox: readAnalytics(ads, '_2') },
    conversions: {
      starreach: readServerConversions(ads, '', net.PUBLIC_URL),
      creatorbox: readServerConversions(ads, '_2', net.PUBLIC_URL_2),
    },
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    dataDir: env.DATA_DIR,
    trustProxy: net.TRUST_PROXY,
    publicUrl: net.PUBLIC_URL,
    publicUrl2: net.PUBLIC_URL_2,
    allowedHosts: net.ALLOWED_HOSTS,
    hstsPreload: net.HSTS_PRELOAD,
    sms: readSms(services),
    smsBudget: readSmsBudget(services),
    captcha: readCaptcha(services),
    wx: readWx(services),
    console: operatorConsole.CONSOLE_PORT === undefined ? null : readConsole(operatorConsole),
    webhookAllowPrivate: operatorConsole.WEBHOOK_ALLOW_PRIVATE,
    metrics: ops.METRICS_PORT === undefined ? null : { port: ops.METRICS_PORT, host: ops.METRICS_HOST },
  };
}

/** Refused at start when they read like a placeholder or are short enough to guess. */
export const SECRETS = AREAS.flatMap((a) => Object.keys(a.variables)).filter((name) =>
  /(SECRET|TOKEN|_KEY)(_2)?$/.test(name),
);
/** The words of an example file or a tutorial left in place of the real secret (`change-me`, `your_secret_here`, …). */
const PLACEHOLDER =
  /change.?(?:me|it|this)|replace.?(?:me|this|with)|placeholder|your.?(?:own.?)?(?:secret|token|key|app)|(?:secret|token|key).?here|^(?<one>.)\k<one>*$/i;

/** Why a start must not go on (null: it may): a hop count on a public HOST, a placeholder or short secret, a stand-in. */
export function startRefusal(environment: Record<string, string | undefined>, settings: Settings) {
  const hops = hopCountRefusal(settings.trustProxy, settings.host);
  if (hops) return new SettingsRefusal(`Not starting: ${hops}`);
  const weak = SECRETS.filter((name) => {
    const value = environment[name]?.trim() ?? '';
    return value !== '' && (value.length < 16 || PLACEHOLDER.test(value));
  });
  if (weak.length > 0)
    return new SettingsRefusal(
      `Not starting: ${weak.join(', ')}: a placeholder or shorter than 16 characters; set the real secret (docs/deploy.md).`,
    );
  const used = [
    settings.sms.provider === 'builtin' &&
      'the SMS sink that only logs codes (set SMS_PROVIDER=aliyun, tencent or http and its settings)',
    settings.captcha.provider === 'builtin' &&
      'the built-in slider captcha (set CAPTCHA_PROVIDER=tencent or remote and its settings)',
    settings.wx.provider === 'simulator' &&
      'the WeChat simulator (set WX_PROVIDER=platform, WX_APP_ID, WX_APP_SECRET and WX_TOKEN)',
  ].filter((line) => typeof line === 'string');
  if (settings.standins || used.length === 0) return null;
  return new SettingsRefusal(
    `Not starting: this start would use built-in stand-ins: ${used.join('; ')}. Provide those settings (docs/deploy.md), or set STANDINS=1 to try the site with the stand-ins (never for real users).`,
  );
}
