/**
 * Tencent Cloud captcha (`CAPTCHA_PROVIDER=tencent`): the page shows Tencent's widget (TCaptcha.js) for the
 * CaptchaAppId; its callback gives the browser a ticket and a random string, which come with the SMS request; the
 * server asks `DescribeCaptchaResult` (captcha API 2019-07-22, CaptchaType 9) with the CaptchaAppId, its
 * AppSecretKey and the client's address whether they are genuine. Only `CaptchaCode` 1 passes: any other code,
 * an API error, a bad answer or no answer within the time-out is "not verified".
 *
 * The call goes through tencentcloud-sdk-nodejs-common's generic client (there is no captcha package for Node),
 * which signs with TC3-HMAC-SHA256 like the product SDKs.
 *
 * Follows: Tencent Cloud Captcha API 2019-07-22 "DescribeCaptchaResult" and the web client's "Web client
 * integration" guide (TCaptcha.js, `new TencentCaptcha(appId, callback)`, `ret`/`ticket`/`randstr`).
 */
import type { Agent } from 'node:http';
import * as Common from 'tencentcloud-sdk-nodejs-common';
import { log } from '../../ops/log';
import { tencentEndpoint } from '../sms/tencent';
import type { TencentCaptcha } from './types';

/** Where the page loads the widget from, and the origins it then needs (its frames, pictures and calls). */
export const TENCENT_CAPTCHA_SCRIPT = 'https://turing.captcha.qcloud.com/TCaptcha.js';
export const TENCENT_CAPTCHA_ORIGINS = ['https://turing.captcha.qcloud.com', 'https://turing.captcha.gtimg.com'];

export interface TencentCaptchaOptions {
  appId: string;
  appSecretKey: string;
  secretId: string;
  secretKey: string;
  /** `https://captcha.tencentcloudapi.com` unless set. */
  endpoint?: string;
  timeoutMs?: number;
  agent?: Agent;
}

interface Client {
  request(action: string, params: unknown): Promise<{ CaptchaCode?: number; CaptchaMsg?: string }>;
}

export function tencentCaptchaClient(options: TencentCaptchaOptions): Client {
  const { protocol, host } = tencentEndpoint(options.endpoint ?? 'https://captcha.tencentcloudapi.com');
  const CommonClient = (Common as unknown as { CommonClient: new (...args: unknown[]) => Client }).CommonClient;
  return new CommonClient(host, '2019-07-22', {
    credential: { secretId: options.secretId, secretKey: options.secretKey },
    region: '',
    profile: {
      httpProfile: { endpoint: host, protocol, reqTimeout: (options.timeoutMs ?? 5000) / 1000, agent: options.agent },
    },
  });
}

/** The DescribeCaptchaResult parameters for one check (also used by `npm run admin -- check-providers`). */
export function describeCaptchaResultParams(
  options: TencentCaptchaOptions,
  ticket: string,
  randstr: string,
  ip: string,
) {
  return {
    CaptchaType: 9,
    Ticket: ticket,
    UserIp: ip,
    Randstr: randstr,
    CaptchaAppId: Number(options.appId),
    AppSecretKey: options.appSecretKey,
  };
}

export function createTencentCaptcha(options: TencentCaptchaOptions): TencentCaptcha {
  const client = tencentCaptchaClient(options);
  const timeoutMs = options.timeoutMs ?? 5000;
  return {
    kind: 'tencent',
    appId: options.appId,
    async verify(ticket, ip, randstr) {
      if (!randstr) return false;
      let timer: NodeJS.Timeout | undefined;
      try {
        const answer = await Promise.race([
          client.request('DescribeCaptchaResult', describeCaptchaResultParams(options, ticket, randstr, ip)),
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
          }),
        ]);
        if (answer.CaptchaCode === 1) return true;
        log.warn(
          `[captcha] tencent did not verify a ticket: CaptchaCode ${answer.CaptchaCode} (${answer.CaptchaMsg ?? ''})`,
        );
        return false;
      } catch (error) {
        const failure = error as { code?: string; message?: string };
        log.error(
          `[captcha] tencent DescribeCaptchaResult failed: ${failure.code ? `${failure.code} ` : ''}${failure.message ?? String(error)} - treated as not verified`,
        );
        return false;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
