/** The captcha provider kinds (see ./index.ts). */
export interface BuiltinCaptcha {
  kind: 'builtin';
  appId: null;
}

/** A captcha whose tickets the vendor verifies: false on "no", on errors and on time-outs. */
interface VerifiedCaptcha<Kind extends string> {
  kind: Kind;
  appId: string;
  /** Tencent's widget gives a random string with its ticket. */
  verify(ticket: string, ip: string, randstr?: string): Promise<boolean>;
}

export type RemoteCaptcha = VerifiedCaptcha<'remote'>;
export type TencentCaptcha = VerifiedCaptcha<'tencent'>;
export type CaptchaProvider = BuiltinCaptcha | RemoteCaptcha | TencentCaptcha;
