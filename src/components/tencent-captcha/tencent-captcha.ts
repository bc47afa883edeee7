/**
 * Tencent Cloud captcha in the page (`CAPTCHA_PROVIDER=tencent`): its script, TCaptcha.js, is added to the page
 * only when a code is first asked for with this provider on (never otherwise: the page's Content-Security-Policy
 * allows Tencent's origins only then). `new TencentCaptcha(appId, callback).show()` opens Tencent's own dialog; its
 * callback's `ret` 0 carries `ticket` and `randstr`, which go to the server with the SMS request; `ret` 2 means
 * the user closed it. Anything else (the script failing to load, Tencent's "error ticket" of its fallback mode)
 * counts as unavailable: the server would refuse such a ticket anyway.
 *
 * Follows Tencent Cloud Captcha's "Web client integration" guide.
 */
export const TENCENT_CAPTCHA_SCRIPT = 'https://turing.captcha.qcloud.com/TCaptcha.js';

export interface TencentCaptchaAnswer {
  ret: number;
  ticket?: string;
  randstr?: string;
  errorCode?: number;
  errorMessage?: string;
}

export type TencentCaptchaConstructor = new (
  appId: string,
  callback: (answer: TencentCaptchaAnswer) => void,
  options?: Record<string, unknown>,
) => { show(): void; destroy?(): void };

type WithCaptcha = Window & { TencentCaptcha?: TencentCaptchaConstructor };

let loading: Promise<TencentCaptchaConstructor> | null = null;

/** Adds TCaptcha.js to the page once and resolves with its constructor; a failed load may be tried again. */
export function loadTencentCaptcha(src = TENCENT_CAPTCHA_SCRIPT): Promise<TencentCaptchaConstructor> {
  const ready = (window as WithCaptcha).TencentCaptcha;
  if (ready) return Promise.resolve(ready);
  if (loading) return loading;
  const attempt = new Promise<TencentCaptchaConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => {
      const loaded = (window as WithCaptcha).TencentCaptcha;
      if (loaded) resolve(loaded);
      else reject(new Error('TCaptcha.js did not define TencentCaptcha'));
    };
    script.onerror = () => {
      script.remove();
      reject(new Error('TCaptcha.js could not be loaded'));
    };
    document.head.appendChild(script);
  });
  loading = attempt;
  // Settled either way, the window's constructor (or a new attempt) takes over from this promise.
  const settle = () => {
    if (loading === attempt) loading = null;
  };
  attempt.then(settle, settle);
  return attempt;
}

export type TencentCaptchaOutcome =
  | { kind: 'passed'; ticket: string; randstr: string }
  | { kind: 'closed' }
  | { kind: 'unavailable' };

/** Shows Tencent's captcha for `appId` and resolves with what the user did. */
export async function runTencentCaptcha(
  appId: string,
  load: () => Promise<TencentCaptchaConstructor> = loadTencentCaptcha,
): Promise<TencentCaptchaOutcome> {
  let Captcha: TencentCaptchaConstructor;
  try {
    Captcha = await load();
  } catch {
    return { kind: 'unavailable' };
  }
  return new Promise((resolve) => {
    try {
      new Captcha(appId, (answer) => {
        if (answer.ret === 0 && answer.ticket && answer.randstr && !answer.errorCode)
          resolve({ kind: 'passed', ticket: answer.ticket, randstr: answer.randstr });
        else if (answer.ret === 2) resolve({ kind: 'closed' });
        else resolve({ kind: 'unavailable' });
      }).show();
    } catch {
      resolve({ kind: 'unavailable' });
    }
  });
}
