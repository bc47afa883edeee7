/** The captcha provider kinds (see ./index.ts). */
export interface BuiltinCaptcha {
  kind: 'builtin';
  appId: null;
}

export interface RemoteCaptcha {
  kind: 'remote';
  appId: string;
  /** Asks the provider whether `ticket` is genuine; false on "no", on errors and on time-outs. */
  verify(ticket: string, ip: string, randstr?: string): Promise<boolean>;
}

/** Tencent Cloud captcha (./tencent.ts): the widget's ticket comes with its random string. */
export interface TencentCaptcha {
  kind: 'tencent';
  appId: string;
  /** Asks DescribeCaptchaResult; false on any code but 1, on errors and on time-outs. */
  verify(ticket: string, ip: string, randstr?: string): Promise<boolean>;
}

export type CaptchaProvider = BuiltinCaptcha | RemoteCaptcha | TencentCaptcha;
