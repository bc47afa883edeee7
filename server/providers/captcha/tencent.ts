/**
 * Tencent Cloud captcha (`CAPTCHA_PROVIDER=tencent`): the widget gives the browser a ticket and a random string,
 * which the server checks with `DescribeCaptchaResult` (captcha API 2019-07-22, CaptchaType 9); only `CaptchaCode`
 * 1 passes. There is no captcha package for Node, so the call goes through the SDK's generic client.
 */
import type { Agent } from 'node:http';
import * as Common from 'tencentcloud-sdk-nodejs-common';
import { log } from '../../ops/log';
import { tencentEndpoint } from '../sms/tencent';
import type { TencentCaptcha } from './types';

/** The origins the widget needs (its script, frames, pictures and calls). */
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
