/**
 * `npm run admin -- check-providers`: calls each configured vendor's harmless reads with the configured credentials
 * (nothing is sent) and says what could not be checked and how; exit code 1 when a check failed.
 */
import type { Agent } from 'node:http';
import * as DysmsapiModule from '@alicloud/dysmsapi20170525';
import type { BrandId } from '../../shared/brand';
import { readSettings, type Settings } from '../config/settings';
import { describeCaptchaResultParams, tencentCaptchaClient } from './captcha/tencent';
import { aliyunClient, aliyunRuntime } from './sms/aliyun';
import { tencentSmsClient } from './sms/tencent';

export interface CheckOptions {
  out: (line: string) => void;
  /** Tests route Tencent's host names to a loopback fake. */
  agent?: Agent;
}

const REVIEW: Record<number, string> = { 0: 'under review', 1: 'approved', 2: 'rejected', 3: 'cancelled' };
const TENCENT_REVIEW: Record<number, string> = { 0: 'approved', 1: 'under review', [-1]: 'rejected' };
const BRANDS: BrandId[] = ['starreach', 'creatorbox'];

type Line = { ok: boolean | null; text: string };
const mark = (line: Line) => `${line.ok === null ? '[not checked]' : line.ok ? '[ok]' : '[FAILED]'} ${line.text}`;
const reason = (error: unknown) => {
  const e = error as { code?: string; data?: { Code?: string; Message?: string }; message?: string };
  return `${e.data?.Code ?? e.code ?? ''} ${e.data?.Message ?? e.message ?? String(error)}`.trim().slice(0, 200);
};

type AliyunReview = { code?: string; message?: string; reason?: string };
type AliyunQuery = (r: unknown, o: unknown) => Promise<{ body?: AliyunReview & { status?: number } }>;

async function checkAliyun(sms: NonNullable<Settings['sms']['aliyun']>, timeoutMs: number): Promise<Line[]> {
  const client = aliyunClient(sms) as unknown as Record<
    'querySmsSignWithOptions' | 'querySmsTemplateWithOptions',
    AliyunQuery
  >;
  const runtime = aliyunRuntime(timeoutMs);
  const lines: Line[] = [];
  const note = (text: string) => lines.push({ ok: null, text });
  const seen = new Set<string>();
  /** One review query: the status it reads (signStatus or templateStatus), 1 being approved. */
  const review = async (what: string, query: Promise<{ body?: AliyunReview }>, field: string, suffix = '') => {
    try {
      const { body } = await query;
      const status = (body as Record<string, number> | undefined)?.[field];
      if (body?.code !== 'OK')
        lines.push({ ok: false, text: `Alibaba Cloud ${what}: ${body?.code} ${body?.message ?? ''}` });
      else
        lines.push({
          ok: status === 1,
          text: `Alibaba Cloud ${what}: ${REVIEW[status ?? -1] ?? `status ${status}`}${body.reason ? ` (${body.reason})` : ''}${suffix}`,
        });
    } catch (error) {
      lines.push({ ok: false, text: `Alibaba Cloud ${what}: ${reason(error)}` });
    }
  };
  for (const brand of BRANDS) {
    const b = sms.brands[brand];
    if (!seen.has(`sign:${b.signName}`)) {
      seen.add(`sign:${b.signName}`);
      const request = new DysmsapiModule.QuerySmsSignRequest({ signName: b.signName });
      await review(
        `sign name "${b.signName}" (${brand})`,
        client.querySmsSignWithOptions(request, runtime),
        'signStatus',
        '; the access key works',
      );
    }
    for (const [label, code] of [
      ['domestic template', b.templateCode],
      ['international template', b.templateCodeIntl],
    ] as const) {
      if (!code || seen.has(code)) continue;
      seen.add(code);
      const request = new DysmsapiModule.QuerySmsTemplateRequest({ templateCode: code });
      await review(
        `${label} ${code} (${brand})`,
        client.querySmsTemplateWithOptions(request, runtime),
        'templateStatus',
      );
    }
    if (!b.templateCodeIntl)
      note(`Alibaba Cloud (${brand}): no international template: numbers outside +86 cannot get codes`);
  }
  return lines;
}

async function checkTencentSms(
  sms: NonNullable<Settings['sms']['tencent']>,
  timeoutMs: number,
  agent?: Agent,
): Promise<Line[]> {
  const client = tencentSmsClient({ ...sms, agent }, timeoutMs);
  const lines: Line[] = [];
  const note = (text: string) => lines.push({ ok: null, text });
  const seen = new Set<string>();
  for (const brand of BRANDS) {
    const b = sms.brands[brand];
    for (const [international, id] of [
      [0, b.templateId],
      [1, b.templateIdIntl],
    ] as const) {
      if (!id && international)
        note(`Tencent Cloud SMS (${brand}): no international template: numbers outside +86 cannot get codes`);
      if (!id || seen.has(`${international}:${id}`)) continue;
      seen.add(`${international}:${id}`);
      const label = international ? 'international template' : 'domestic template';
      try {
        const answer = await client.DescribeSmsTemplateList({
          TemplateIdSet: [Number(id)],
          International: international,
        });
        const status = answer.DescribeTemplateStatusSet?.find((t) => String(t.TemplateId) === id);
        if (!status)
          lines.push({ ok: false, text: `Tencent Cloud SMS ${label} ${id} (${brand}): not found in this account` });
        else
          lines.push({
            ok: status.StatusCode === 0,
            text: `Tencent Cloud SMS ${label} ${id} (${brand}): ${TENCENT_REVIEW[status.StatusCode ?? 99] ?? `status ${status.StatusCode}`}${status.ReviewReply ? ` (${status.ReviewReply})` : ''}; the API key works`,
          });
      } catch (error) {
        lines.push({ ok: false, text: `Tencent Cloud SMS ${label} ${id} (${brand}): ${reason(error)}` });
      }
    }
    note(
      `Tencent Cloud SMS (${brand}): SDK AppID ${b.sdkAppId} and sign name "${b.signName}" are only checked by a real send (the sign list is read by sign id, which the settings do not hold): send yourself a code once`,
    );
  }
  return lines;
}

async function checkTencentCaptcha(settings: Settings['captcha'], agent?: Agent): Promise<Line[]> {
  const tencent = settings.tencent;
  if (!tencent) return [];
  const options = { ...tencent, appId: settings.appId ?? '', agent };
  try {
    const answer = await tencentCaptchaClient(options).request(
      'DescribeCaptchaResult',
      describeCaptchaResultParams(options, 'check-providers-made-up-ticket', '@check', '127.0.0.1'),
    );
    const code = answer.CaptchaCode;
    const named = code === 16 ? ' - CaptchaAppId does not match' : code === 100 ? ' - AppSecretKey is wrong' : '';
    return [
      {
        ok: code !== 16 && code !== 100,
        text: `Tencent captcha: the API key works; a made-up ticket got CaptchaCode ${code} (${answer.CaptchaMsg ?? ''})${named}. CaptchaAppId ${settings.appId} and its AppSecretKey are fully checked only by a real ticket: pass the captcha once on the site`,
      },
    ];
  } catch (error) {
    return [{ ok: false, text: `Tencent captcha: DescribeCaptchaResult failed: ${reason(error)}` }];
  }
}

export async function checkProviders(env: NodeJS.ProcessEnv, options: CheckOptions): Promise<number> {
  let settings: Settings;
  try {
    settings = readSettings({ NODE_ENV: 'production', ...env });
  } catch (error) {
    options.out(`[FAILED] settings: ${(error as Error).message}`);
    return 1;
  }
  const lines: Line[] = [];
  const note = (text: string) => lines.push({ ok: null, text });
  const sms = settings.sms;
  if (sms.provider === 'builtin')
    note('SMS: built-in sink - codes go to the server log only; nothing to check (set SMS_PROVIDER for a real one)');
  else if (sms.provider === 'http')
    note(
      `SMS: HTTP gateway ${sms.gatewayUrl} - its protocol has no harmless call, so it is not checked: ask a code for your own phone once`,
    );
  else if (sms.aliyun) lines.push(...(await checkAliyun(sms.aliyun, sms.timeoutMs)));
  else if (sms.tencent) lines.push(...(await checkTencentSms(sms.tencent, sms.timeoutMs, options.agent)));

  const captcha = settings.captcha;
  if (captcha.provider === 'builtin') note('Captcha: built-in slider - nothing to check');
  else if (captcha.provider === 'remote')
    note(`Captcha: ${captcha.verifyUrl} - a siteverify check needs a real ticket: pass the captcha once on the site`);
  else lines.push(...(await checkTencentCaptcha(captcha, options.agent)));

  for (const brand of BRANDS) {
    const conversions = settings.conversions[brand];
    if (conversions.baidu)
      note(
        `Ad conversions (${brand}): Baidu OCPC has no test call (an upload would count); after the first registration with bd_vid, look for "[conversions] ... reported to Baidu OCPC" in the log`,
      );
    for (const url of conversions.urls)
      note(
        `Ad conversions (${brand}): ${url.param} to ${new URL(url.url.replace('{clickId}', 'x')).origin} - not called (it would count); watch the [conversions] log lines`,
      );
  }
  for (const line of lines) options.out(mark(line));
  return lines.some((line) => line.ok === false) ? 1 : 0;
}
