/** The captcha provider kinds (see ./index.ts). */
export interface BuiltinCaptcha {
  kind: 'builtin';
  appId: null;
}

export interface RemoteCaptcha {
  kind: 'remote';
  appId: string;
  /** Asks the provider whether `ticket` is genuine; false on "no", on errors and on time-outs. */
  verify(ticket: string, ip: string): Promise<boolean>;
}

export type CaptchaProvider = BuiltinCaptcha | RemoteCaptcha;
