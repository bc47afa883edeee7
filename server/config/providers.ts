/** The outside services: SMS, captcha and WeChat (server/config/read.ts says how a setting is declared). */
import type { z } from 'zod';
import { COUNTRY_TABLE } from '../../shared/countries';
import type { AliyunBrandSms } from '../providers/sms/aliyun';
import type { TencentBrandSms } from '../providers/sms/tencent';
import { area, between, defaultUrl, endpoint, httpUrl, oneOf, optional, required, shape, trimmed, v } from './read';

const aliyunTemplate = shape(/^SMS_\d+$/, 'a template code of the SMS console such as SMS_123456789');
const tencentAppId = shape(/^\d{10}$/, 'the SDK AppID of the SMS console (10 digits, such as 1400123456)');
const tencentTemplate = shape(/^\d{1,12}$/, 'a template ID of the SMS console (digits)');

export const providers = area('Outside services (SMS, captcha, WeChat)', {
  SMS_PROVIDER: v(oneOf(['builtin', 'http', 'aliyun', 'tencent']), 'builtin'), // `builtin` (a stand-in, needs `STANDINS=1`): codes go to the server log (and, in development, to `GET /api/dev/sms-outbox`); `http`: a generic gateway; `aliyun`: Alibaba Cloud SMS; `tencent`: Tencent Cloud SMS (docs/deploy.md has a section for each)
  SMS_TIMEOUT_MS: v(between(500, 30_000), '5000'), // how long an SMS vendor may take before the send counts as failed (500 to 30000; the sender's limit is refunded)
  SMS_BUDGET_TOTAL: v(hourlyDaily, '500/5000'), // SMS codes the site sends at most, all countries together: `per hour/per day` (a send that delivers nothing, such as a login code for a phone without an account, does not count)
  SMS_BUDGET_COUNTRY: v(hourlyDaily, '20/100'), // SMS codes sent at most to each country without a line in `SMS_BUDGET_COUNTRIES`: `per hour/per day`
  SMS_BUDGET_COUNTRIES: v(countryBudgets, '86=300/3000'), // budgets of their own, by dial code: `86=300/3000,44=50/200` (`per hour/per day` each)
  SMS_BUDGET_STEP_UP: v(between(1, 100), '80'), // percent of a budget after which a send needs the third-party captcha (`CAPTCHA_PROVIDER`); with the built-in slider, sends to that country pause until the budget has room (429, code 40015)
  ALIYUN_ACCESS_KEY_ID: v(shape(/^[A-Za-z0-9]{8,64}$/, 'the AccessKey ID of a RAM user (letters and digits)')), // `aliyun`: a RAM user's AccessKey ID (the user needs SendSms)
  ALIYUN_ACCESS_KEY_SECRET: v(shape(/^\S{8,}$/, 'the AccessKey secret of the same key')), // `aliyun`: the AccessKey secret of the same key
  ALIYUN_SMS_SIGN_NAME: v(shape(/^\S.{0,29}$/, 'the approved sign name (签名名称)')), // `aliyun`: the approved sign name (签名名称); `ALIYUN_SMS_SIGN_NAME_2` for brand 2 (default: brand 1's)
  ALIYUN_SMS_SIGN_NAME_2: v(trimmed), // `aliyun`: brand 2's sign name
  ALIYUN_SMS_TEMPLATE_CODE: v(aliyunTemplate), // `aliyun`: the domestic verification-code template (`SMS_…`, with a `code` variable)
  ALIYUN_SMS_TEMPLATE_CODE_2: v(aliyunTemplate), // `aliyun`: brand 2's template
  ALIYUN_SMS_TEMPLATE_CODE_INTL: v(aliyunTemplate), // `aliyun`: the international template for numbers outside mainland China (optional: without it they are refused with 40013)
  ALIYUN_SMS_TEMPLATE_CODE_INTL_2: v(aliyunTemplate), // `aliyun`: brand 2's international template
  ALIYUN_SMS_ENDPOINT: v(endpoint(), 'https://dysmsapi.aliyuncs.com'), // `aliyun`: the API endpoint (a host name or an origin; tests point it at a local fake)
  TENCENT_SECRET_ID: v(shape(/^AKID[A-Za-z0-9-]{4,}$/, 'the SecretId of a Tencent Cloud API key (starts with AKID)')), // `tencent` SMS or captcha: the SecretId of a Tencent Cloud API key (`AKID…`)
  TENCENT_SECRET_KEY: v(shape(/^\S{8,}$/, 'the SecretKey of the same API key')), // `tencent` SMS or captcha: the SecretKey of the same key
  TENCENT_SMS_SDK_APP_ID: v(tencentAppId), // `tencent`: the SMS application's SDK AppID (10 digits, `1400…`); `_2` for brand 2
  TENCENT_SMS_SDK_APP_ID_2: v(tencentAppId), // `tencent`: brand 2's SDK AppID
  TENCENT_SMS_SIGN_NAME: v(shape(/^\S.{0,29}$/, 'the approved sign name (签名内容)')), // `tencent`: the approved sign name (签名内容)
  TENCENT_SMS_SIGN_NAME_2: v(trimmed), // `tencent`: brand 2's sign name
  TENCENT_SMS_TEMPLATE_ID: v(tencentTemplate), // `tencent`: the domestic verification-code template id (`{1}` is the code)
  TENCENT_SMS_TEMPLATE_ID_2: v(tencentTemplate), // `tencent`: brand 2's template id
  TENCENT_SMS_TEMPLATE_ID_INTL: v(tencentTemplate), // `tencent`: the international template id (optional)
  TENCENT_SMS_TEMPLATE_ID_INTL_2: v(tencentTemplate), // `tencent`: brand 2's international template id
  TENCENT_SMS_REGION: v(oneOf(['ap-guangzhou', 'ap-beijing', 'ap-nanjing']), 'ap-guangzhou'), // `tencent`: the SMS region, `ap-guangzhou`, `ap-beijing` or `ap-nanjing`
  TENCENT_SMS_ENDPOINT: v(endpoint('sms'), 'https://sms.tencentcloudapi.com'), // `tencent`: the SMS API endpoint (must start with `sms.`, no port: the SDK signs the host)
  SMS_GATEWAY_URL: v(httpUrl), // the SMS gateway's URL (required with `SMS_PROVIDER=http`; docs/api.md shows the request it receives)
  SMS_GATEWAY_KEY: v(optional), // sent to the gateway as `Authorization: Bearer …` (required with `http`)
  CAPTCHA_PROVIDER: v(oneOf(['builtin', 'remote', 'tencent']), 'builtin'), // `builtin` (a stand-in, needs `STANDINS=1`): the server's own slider puzzle; `remote`: a third-party captcha verified by URL; `tencent`: Tencent Cloud captcha (verified with DescribeCaptchaResult)
  CAPTCHA_APP_SECRET_KEY: v(shape(/^\S{8,}$/, 'the AppSecretKey of that captcha')), // `tencent` captcha: the AppSecretKey of the captcha (its CaptchaAppId goes in `CAPTCHA_APP_ID`)
  TENCENT_CAPTCHA_ENDPOINT: v(endpoint('captcha'), 'https://captcha.tencentcloudapi.com'), // `tencent` captcha: the API endpoint (must start with `captcha.`, no port)
  CAPTCHA_APP_ID: v(optional), // the third-party widget's app id (required with `remote`; Tencent's CaptchaAppId with `tencent`)
  CAPTCHA_SECRET: v(optional), // the server's secret for the third-party verify call (required with `remote`)
  CAPTCHA_VERIFY_URL: v(httpUrl), // the third-party verify URL (required with `remote`)
  WX_PROVIDER: v(oneOf(['simulator', 'platform']), 'simulator'), // WeChat QR login: `simulator` (the built-in phone simulator, no network; a stand-in, needs `STANDINS=1`) or `platform` (official account)
  WX_QR_TTL_SECONDS: v(between(10, 2_592_000), '300'), // seconds a new login QR code stays valid (10 to 2592000)
  WX_TOKEN: v(optional), // the webhook token set in the platform (required with `platform`; the simulator makes its own when empty)
  WX_APP_ID: v(optional), // brand 1's official-account app id (required with `platform`)
  WX_APP_SECRET: v(optional), // brand 1's official-account app secret (required with `platform`)
  WX_APP_ID_2: v(optional), // brand 2's app id (optional; brand 2 uses brand 1's account when not set)
  WX_APP_SECRET_2: v(optional), // brand 2's app secret (required when `WX_APP_ID_2` is set)
  WX_API_URL: v(defaultUrl, 'https://api.weixin.qq.com'), // the platform API (tests point it at a local fake)
  WX_SIMULATOR_URL: v(httpUrl), // origin brand 1's simulator QR codes point at (default: this machine's LAN address and the brand's port)
  WX_SIMULATOR_URL_2: v(httpUrl), // the same for brand 2 (brand 1's origin is never borrowed: it would reach brand 1)
});
type Env = z.output<typeof providers.schema>;

/** An SMS budget: at most `hourly` sends an hour and `daily` a day. */
export interface HourlyDaily {
  hourly: number;
  daily: number;
}

function parseHourlyDaily(value: string | undefined, name: string): HourlyDaily | null {
  const match = /^\s*(\d{1,7})\s*\/\s*(\d{1,8})\s*$/.exec(value ?? '');
  if (!match) return null;
  const [hourly, daily] = [Number(match[1]), Number(match[2])];
  if (hourly < 1 || daily < hourly)
    throw new Error(`${name} must allow at least 1 an hour and no fewer a day than an hour, got "${value}"`);
  return { hourly, daily };
}

/** `per hour/per day`, such as `20/100`. */
function hourlyDaily(value: string | undefined, name: string): HourlyDaily {
  const budget = parseHourlyDaily(value, name);
  if (!budget) throw new Error(`${name} must be "per hour/per day" such as "20/100", got "${value ?? ''}"`);
  return budget;
}

/** `86=300/3000,44=50/200`: budgets by dial code, each a supported country's. */
function countryBudgets(value: string | undefined, name: string): ReadonlyMap<number, HourlyDaily> {
  const budgets = new Map<number, HourlyDaily>();
  for (const entry of (value ?? '').split(',').filter((part) => part.trim())) {
    const [dial, rest] = entry.split('=').map((part) => part.trim());
    const country = COUNTRY_TABLE.find((one) => one.dial === dial.replace(/^\+/, ''));
    const budget = parseHourlyDaily(rest, name);
    if (!country || !budget)
      throw new Error(
        `${name} must be "dial=per hour/per day" entries of supported countries, such as "86=300/3000,44=50/200", got "${entry.trim()}"`,
      );
    budgets.set(country.value, budget);
  }
  return budgets;
}

const needs =
  (env: Env, because: string) =>
  <K extends keyof Env & string>(name: K) =>
    required(env[name] as string | undefined, name, because);

/** Where SMS codes go: the built-in sink (log and development outbox), an HTTP gateway, Alibaba or Tencent Cloud. */
export function readSms(env: Env) {
  const { SMS_PROVIDER: provider, SMS_TIMEOUT_MS: timeoutMs } = env;
  const need = needs(env, `SMS_PROVIDER is "${provider}"`);
  if (provider === 'builtin') return { provider, timeoutMs };
  if (provider === 'http')
    return { provider, timeoutMs, gatewayUrl: need('SMS_GATEWAY_URL'), gatewayKey: need('SMS_GATEWAY_KEY') };
  if (provider === 'aliyun') {
    const [signName, templateCode] = [need('ALIYUN_SMS_SIGN_NAME'), need('ALIYUN_SMS_TEMPLATE_CODE')];
    const brand1: AliyunBrandSms = { signName, templateCode, templateCodeIntl: env.ALIYUN_SMS_TEMPLATE_CODE_INTL };
    const brand2: AliyunBrandSms = {
      signName: env.ALIYUN_SMS_SIGN_NAME_2 ?? signName,
      templateCode: env.ALIYUN_SMS_TEMPLATE_CODE_2 ?? templateCode,
      templateCodeIntl: env.ALIYUN_SMS_TEMPLATE_CODE_INTL_2 ?? brand1.templateCodeIntl,
    };
    const [accessKeyId, accessKeySecret] = [need('ALIYUN_ACCESS_KEY_ID'), need('ALIYUN_ACCESS_KEY_SECRET')];
    const brands = { starreach: brand1, creatorbox: brand2 };
    return { provider, timeoutMs, aliyun: { accessKeyId, accessKeySecret, endpoint: env.ALIYUN_SMS_ENDPOINT, brands } };
  }
  const [sdkAppId, signName] = [need('TENCENT_SMS_SDK_APP_ID'), need('TENCENT_SMS_SIGN_NAME')];
  const templateId = need('TENCENT_SMS_TEMPLATE_ID');
  const brand1: TencentBrandSms = { sdkAppId, signName, templateId, templateIdIntl: env.TENCENT_SMS_TEMPLATE_ID_INTL };
  const brand2: TencentBrandSms = {
    sdkAppId: env.TENCENT_SMS_SDK_APP_ID_2 ?? sdkAppId,
    signName: env.TENCENT_SMS_SIGN_NAME_2 ?? signName,
    templateId: env.TENCENT_SMS_TEMPLATE_ID_2 ?? templateId,
    templateIdIntl: env.TENCENT_SMS_TEMPLATE_ID_INTL_2 ?? brand1.templateIdIntl,
  };
  const key = { secretId: need('TENCENT_SECRET_ID'), secretKey: need('TENCENT_SECRET_KEY') };
  const brands = { starreach: brand1, creatorbox: brand2 };
  const { TENCENT_SMS_ENDPOINT: endpoint, TENCENT_SMS_REGION: region } = env;
  return { provider, timeoutMs, tencent: { ...key, endpoint, region, brands } };
}

/** The SMS budgets (server/accounts/sms.ts): the whole site's, each country's (by its value), and where a send needs more. */
export function readSmsBudget(env: Env) {
  const perCountry: Record<number, HourlyDaily> = Object.fromEntries(
    COUNTRY_TABLE.map((country) => [
      country.value,
      env.SMS_BUDGET_COUNTRIES.get(country.value) ?? env.SMS_BUDGET_COUNTRY,
    ]),
  );
  return { total: env.SMS_BUDGET_TOTAL, perCountry, stepUpPercent: env.SMS_BUDGET_STEP_UP };
}

/** The captcha in front of every SMS: the built-in slider, a "siteverify" service, or Tencent Cloud captcha. */
export function readCaptcha(env: Env) {
  const provider = env.CAPTCHA_PROVIDER;
  const need = needs(env, `CAPTCHA_PROVIDER is "${provider}"`);
  if (provider === 'builtin') return { provider };
  const appId = need('CAPTCHA_APP_ID');
  if (provider === 'remote')
    return { provider, appId, secret: need('CAPTCHA_SECRET'), verifyUrl: need('CAPTCHA_VERIFY_URL') };
  shape(/^\d{6,12}$/, 'the CaptchaAppId of the captcha console (digits)')(appId, 'CAPTCHA_APP_ID');
  const key = { secretId: need('TENCENT_SECRET_ID'), secretKey: need('TENCENT_SECRET_KEY') };
  const tencent = { ...key, appSecretKey: need('CAPTCHA_APP_SECRET_KEY'), endpoint: env.TENCENT_CAPTCHA_ENDPOINT };
  return { provider, appId, tencent };
}

/** The messaging platform of the QR login (WeChat official account): the built-in simulator or the platform. */
export function readWx(env: Env) {
  const { WX_PROVIDER: provider, WX_QR_TTL_SECONDS: qrTtlSeconds, WX_API_URL: apiUrl, WX_TOKEN: token } = env;
  if (provider === 'simulator') {
    const { WX_SIMULATOR_URL: simulatorUrl, WX_SIMULATOR_URL_2: simulatorUrl2 } = env;
    return { provider, qrTtlSeconds, apiUrl, simulatorUrl, simulatorUrl2, token };
  }
  const need = needs(env, 'WX_PROVIDER is "platform"');
  const account = { appId: need('WX_APP_ID'), appSecret: need('WX_APP_SECRET') };
  const account2 =
    env.WX_APP_ID_2 || env.WX_APP_SECRET_2
      ? {
          appId: required(env.WX_APP_ID_2, 'WX_APP_ID_2', 'WX_APP_SECRET_2 is set'),
          appSecret: required(env.WX_APP_SECRET_2, 'WX_APP_SECRET_2', 'WX_APP_ID_2 is set'),
        }
      : undefined;
  return { provider, qrTtlSeconds, apiUrl, account, account2, token: need('WX_TOKEN') };
}
