/**
 * Test helpers of the scan-login machine, for its own tests, the panel's tests (src/features/auth/scan-login) and
 * `npm run paths`. No test framework here: fake effects whose calls wait until the test answers them, sample
 * codes, statuses, forms and errors, and the events the path tests use.
 *
 * A typical test:
 *   const effects = createFakeScanEffects();
 *   const actor = createActor(provideScanEffects(effects)).start();   // or the app's own provide with `effects`
 *   effects.answerCreate(sampleQrCode);                                 // then let promises run
 *   // ...advance fake timers by sampleQrCode.pollInterval * 1000: a poll is pending
 *   effects.answerPoll(sampleStatuses.scanned);
 * Path replays send every event through `effects.settle(event)` first: it answers the call an effect event
 * (`xstate.done.actor.*` / `xstate.error.actor.*`) names and returns true; other events go to the actor.
 */
import { fromPromise } from 'xstate';
import { scanLoginMachine } from './scan-login.machine';
import type {
  QrCodeResult,
  QrStatusResult,
  ScanLoginEvent,
  ScanLoginHow,
  ScanUserInfo,
  WxLoginForm,
} from './scan-login.selectors';

/** One call of a fake effect, waiting for the test's answer. */
export interface PendingCall<T, I> {
  input: I;
  settled: boolean;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

/** The effects in the shape the app passes them (src/features/auth/scan-login/effects.ts `ScanEffects`). */
export interface ScanEffectsLike {
  createQrCode(): Promise<QrCodeResult>;
  pollQrStatus(ticket: string): Promise<QrStatusResult>;
  submitWxLogin(ticket: string, form: WxLoginForm): Promise<ScanUserInfo>;
  completeLogin(params: { userInfo: ScanUserInfo; how: ScanLoginHow }): void;
  /** A bind code of the account page ended `linked` (the login's panel has none). */
  completeLink?(): void;
}

export interface FakeScanEffects extends ScanEffectsLike {
  /** Every call, oldest first (answered ones stay, with `settled: true`). */
  creates: PendingCall<QrCodeResult, undefined>[];
  polls: PendingCall<QrStatusResult, { ticket: string }>[];
  submits: PendingCall<ScanUserInfo, { ticket: string; form: WxLoginForm }>[];
  /** Every completeLogin, in order. */
  completed: { userInfo: ScanUserInfo; how: ScanLoginHow }[];
  /** How many times completeLink ran. */
  linked: number;
  /** Answers the latest unanswered call (throws when there is none, so a test cannot answer nothing). */
  answerCreate(result: QrCodeResult): void;
  failCreate(error: unknown): void;
  answerPoll(result: QrStatusResult): void;
  failPoll(error: unknown): void;
  answerSubmit(result: ScanUserInfo): void;
  failSubmit(error: unknown): void;
  /** The unanswered calls of each effect. */
  pendingCount(): { creates: number; polls: number; submits: number };
  /**
   * For path replays: answers the latest call of the effect a generated event names
   * (`xstate.done.actor.pollQrStatus {output}` resolves, `xstate.error.actor.pollQrStatus {error}` rejects) and
   * returns true; returns false for any other event (send it to the actor).
   */
  settle(event: { type: string; output?: unknown; error?: unknown }): boolean;
}

function latest<T, I>(calls: PendingCall<T, I>[], name: string): PendingCall<T, I> {
  const call = calls.findLast((c) => !c.settled);
  if (!call) throw new Error(`no ${name} call is waiting for an answer`);
  call.settled = true;
  return call;
}

function pending<T, I>(calls: PendingCall<T, I>[], input: I): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    calls.push({ input, settled: false, resolve, reject });
  });
}

/** Effects that record their calls and wait for the test to answer them. */
export function createFakeScanEffects(): FakeScanEffects {
  const creates: FakeScanEffects['creates'] = [];
  const polls: FakeScanEffects['polls'] = [];
  const submits: FakeScanEffects['submits'] = [];
  const completed: FakeScanEffects['completed'] = [];
  const effects: FakeScanEffects = {
    creates,
    polls,
    submits,
    completed,
    createQrCode: () => pending(creates, undefined),
    pollQrStatus: (ticket) => pending(polls, { ticket }),
    submitWxLogin: (ticket, form) => pending(submits, { ticket, form }),
    completeLogin: (params) => {
      completed.push(params);
    },
    linked: 0,
    completeLink: () => {
      effects.linked += 1;
    },
    answerCreate: (result) => latest(creates, 'createQrCode').resolve(result),
    failCreate: (error) => latest(creates, 'createQrCode').reject(error),
    answerPoll: (result) => latest(polls, 'pollQrStatus').resolve(result),
    failPoll: (error) => latest(polls, 'pollQrStatus').reject(error),
    answerSubmit: (result) => latest(submits, 'submitWxLogin').resolve(result),
    failSubmit: (error) => latest(submits, 'submitWxLogin').reject(error),
    pendingCount: () => ({
      creates: creates.filter((c) => !c.settled).length,
      polls: polls.filter((c) => !c.settled).length,
      submits: submits.filter((c) => !c.settled).length,
    }),
    settle: (event) => {
      const match = /^xstate\.(done|error)\.actor\.(createQrCode|pollQrStatus|submitWxLogin)$/.exec(event.type);
      if (!match) return false;
      const calls = { createQrCode: creates, pollQrStatus: polls, submitWxLogin: submits }[match[2]] as PendingCall<
        unknown,
        unknown
      >[];
      const call = latest(calls, match[2]);
      if (match[1] === 'done') call.resolve(event.output);
      else call.reject(event.error);
      return true;
    },
  };
  return effects;
}

/** The machine with the given effects (what the app does with its real ones). */
export function provideScanEffects(effects: ScanEffectsLike) {
  return scanLoginMachine.provide({
    actors: {
      createQrCode: fromPromise<QrCodeResult>(() => effects.createQrCode()),
      pollQrStatus: fromPromise<QrStatusResult, { ticket: string }>(({ input }) => effects.pollQrStatus(input.ticket)),
      submitWxLogin: fromPromise<ScanUserInfo, { ticket: string; form: WxLoginForm }>(({ input }) =>
        effects.submitWxLogin(input.ticket, input.form),
      ),
    },
    actions: {
      completeLogin: (_, params) => effects.completeLogin(params),
      completeLink: () => effects.completeLink?.(),
    },
  });
}

// ---- Samples ----------------------------------------------------------------------------------------------

/** A fixed point in time for expiresAt values (2023-11-14T22:13:20Z); tests with fake timers may set it as now. */
export const SAMPLE_NOW = 1_700_000_000_000;

/** A code made at SAMPLE_NOW: 300 s to live, polled every 2 s. */
export const sampleQrCode: QrCodeResult = {
  ticket: 'tkt_sample_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
  qrcode: 'data:image/png;base64,iVBORw0KGgo=',
  qrUrl: 'http://192.168.1.20:8080/wx-sim?scene=Lsample&lang=zh',
  expiresIn: 300,
  pollInterval: 2,
  simulator: true,
  expiresAt: SAMPLE_NOW + 300_000,
};

/** A second code (after a reload), for tests that tell two codes apart. */
export const sampleQrCode2: QrCodeResult = {
  ...sampleQrCode,
  ticket: 'tkt_sample_BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB',
  qrUrl: 'http://192.168.1.20:8080/wx-sim?scene=Lsample2&lang=zh',
  expiresAt: SAMPLE_NOW + 600_000,
};

export const sampleUserInfo: ScanUserInfo = {
  userId: 42,
  userName: '小王的店',
  nickname: '小王的店',
  phone: '138****8000',
  countryCode: 86,
  tenantId: 1,
  Authorization: 'token-scan-42',
};

/** One answer of each status (waiting and scanned keep the code's expiry; unbound gets scan time + 10 min). */
export const sampleStatuses = {
  waiting: { status: 'waiting', expiresIn: 300, expiresAt: sampleQrCode.expiresAt },
  scanned: { status: 'scanned', expiresIn: 300, expiresAt: sampleQrCode.expiresAt },
  bound: { status: 'bound', userInfo: sampleUserInfo },
  unbound: { status: 'unbound', expiresIn: 600, identity: { nickname: '微信用户' }, expiresAt: SAMPLE_NOW + 600_000 },
  expired: { status: 'expired' },
  banned: { status: 'banned' },
  bindFailed: { status: 'bind_failed' },
  linked: { status: 'linked' },
} as const satisfies Record<string, QrStatusResult>;

export const sampleForms = {
  bindWithCode: { action: 'bind', phone: '13800138000', countryCode: 86, code: '123456' },
  register: {
    action: 'register',
    phone: '13900139000',
    countryCode: 86,
    code: '654321',
    password: 'secret-456',
    nickname: '新店铺',
    channelId: 2,
    clientId: 'morestores',
  },
} as const satisfies Record<string, WxLoginForm>;

/** Error objects shaped like the API client's ApiRequestError (the machine reads code, status and retryAfter). */
export const sampleErrors = {
  network: { status: 0, code: 0, message: 'Network Error' },
  rateLimited: { status: 429, code: 429, message: '操作过于频繁，请 3 秒后再试', retryAfter: 3 },
  unknownTicket: { status: 404, code: 40020, message: '二维码不存在或已失效' },
  expired: { status: 410, code: 40023, message: '二维码已过期' },
  bindFailed: { status: 409, code: 40022, message: '绑定失败：该账号已绑定其他微信' },
  banned: { status: 403, code: 40014, message: '账号已被封禁' },
  wrongPassword: { status: 200, code: 40003, message: '账号或密码错误' },
  server: { status: 500, code: 500, message: '服务繁忙' },
} as const;

// ---- Paths ------------------------------------------------------------------------------------------------

/**
 * The events of the path tests (machine and panel) and `npm run paths`: every user event, and one answer of
 * each kind from each effect. One code, one session and one error of each kind keep the graph small.
 */
export const scanLoginPathEvents = [
  { type: 'scan.reload' },
  { type: 'scan.visibility', visible: false },
  { type: 'scan.visibility', visible: true },
  { type: 'scan.bindNow' },
  { type: 'scan.registerNow' },
  { type: 'scan.back' },
  { type: 'scan.submit', form: sampleForms.bindWithCode },
  { type: 'scan.submit', form: sampleForms.register },
  { type: 'xstate.done.actor.createQrCode', output: sampleQrCode },
  { type: 'xstate.error.actor.createQrCode', error: sampleErrors.network },
  { type: 'xstate.done.actor.pollQrStatus', output: sampleStatuses.waiting },
  { type: 'xstate.done.actor.pollQrStatus', output: sampleStatuses.scanned },
  { type: 'xstate.done.actor.pollQrStatus', output: sampleStatuses.bound },
  { type: 'xstate.done.actor.pollQrStatus', output: sampleStatuses.unbound },
  { type: 'xstate.done.actor.pollQrStatus', output: sampleStatuses.expired },
  { type: 'xstate.done.actor.pollQrStatus', output: sampleStatuses.banned },
  { type: 'xstate.done.actor.pollQrStatus', output: sampleStatuses.bindFailed },
  { type: 'xstate.done.actor.pollQrStatus', output: sampleStatuses.linked },
  { type: 'xstate.error.actor.pollQrStatus', error: sampleErrors.network },
  { type: 'xstate.error.actor.pollQrStatus', error: sampleErrors.rateLimited },
  { type: 'xstate.error.actor.pollQrStatus', error: sampleErrors.unknownTicket },
  { type: 'xstate.done.actor.submitWxLogin', output: sampleUserInfo },
  { type: 'xstate.error.actor.submitWxLogin', error: sampleErrors.bindFailed },
  { type: 'xstate.error.actor.submitWxLogin', error: sampleErrors.expired },
  { type: 'xstate.error.actor.submitWxLogin', error: sampleErrors.banned },
  { type: 'xstate.error.actor.submitWxLogin', error: sampleErrors.wrongPassword },
] as const satisfies readonly ({ type: ScanLoginEvent['type'] | `xstate.${string}` } & Record<string, unknown>)[];
