/**
 * WeChat QR login (issue 4): a code is made, shown and polled until the server says how the scan ended.
 *
 * creating ──done {code}──▶ waiting (or paused when the page is hidden) ──error──▶ createFailed
 * waiting | scanned ──after pollInterval──▶ polling (GET get_qr_status {ticket})
 * polling ──waiting | scanned──▶ waiting | scanned (paused when the page went hidden meanwhile)
 * polling ──bound {userInfo}──▶ loggedIn (completeLogin how=scan)
 * polling ──unbound {identity}──▶ unbound (choose) ──scan.bindNow──▶ bindForm / ──scan.registerNow──▶ registerForm
 * polling ──expired | banned | bind_failed──▶ expired | banned | bindFailed
 * polling ──error 429 {retryAfter}──▶ rateLimited ──after retryAfter──▶ polling (paused when hidden)
 * polling ──error 40020 / 40023 (the code is gone)──▶ expired
 * polling ──any other error──▶ retrying ──after pollInterval──▶ polling (view.retrying until one answers)
 * waiting | scanned | retrying ──scan.visibility hidden──▶ paused ──scan.visibility visible──▶ polling (at once)
 * bindForm | registerForm ──scan.back──▶ unbound;  ──scan.submit {form}──▶ submitting (POST wx/userlogin)
 * submitting ──done {userInfo}──▶ bindSuccess | registerSuccess (completeLogin how=bind | register)
 * submitting ──error 40022──▶ bindFailed; 40023 / 40020──▶ expired; 40014──▶ banned; other──▶ the form, error set
 * expired | bindFailed | banned | createFailed ──scan.reload──▶ creating (a new code)
 * every polling state ──scan.reload──▶ creating (a new code on demand; a poll under way is dropped)
 *
 * loggedIn, bindSuccess and registerSuccess are final; nothing polls in them nor in the forms, expired,
 * bindFailed and banned. A poll under way is never cancelled by hiding the page (a `bound` answer hands the
 * session out once); it is dropped only by a reload, and XState never delivers the answer of an invocation
 * that has ended, so an old ticket's answer cannot touch the new code.
 *
 * The machine has no clock: `expiresAt` comes with the effects' results. Effects are supplied with
 * `.provide()`: actors `createQrCode`, `pollQrStatus`, `submitWxLogin`, action `completeLogin`; delays
 * `pollInterval` (the code's pollInterval, default 2 s) and `retryAfter` (a 429's Retry-After).
 */
import { and, assign, fromPromise, or, setup } from 'xstate';

import {
  errorCode,
  initialScanLoginContext,
  pollIntervalMs,
  type QrCodeResult,
  type QrStatusResult,
  rateLimitWaitMs,
  SCAN_ERROR_CODES,
  type ScanLoginContext,
  type ScanLoginEvent,
  type ScanLoginHow,
  type ScanLoginInput,
  type ScanUserInfo,
  type WxLoginForm,
} from './scan-login.selectors';

export * from './scan-login.selectors';

type StatusOf<S extends QrStatusResult['status']> = Extract<QrStatusResult, { status: S }>;

const outputStatus = (event: { output?: unknown }) => (event.output as QrStatusResult | undefined)?.status;
const errorOf = (event: { error?: unknown }) => event.error;

/** waiting, scanned and retrying: the next poll after pollInterval; hidden pauses it, a reload makes a new code. */
const waitForNextPoll = {
  after: { pollInterval: 'polling' },
  on: {
    'scan.visibility': { guard: 'becameHidden', target: 'paused', actions: 'setVisibility' },
    'scan.reload': 'creating',
  },
} as const;

export const scanLoginMachine = setup({
  types: {
    context: {} as ScanLoginContext,
    events: {} as ScanLoginEvent,
  },
  actors: {
    /** POST /v2/wx/create_login_qrcode, with expiresAt added. */
    createQrCode: fromPromise<QrCodeResult>(async () => {
      throw new Error('createQrCode is not provided');
    }),
    /** GET /v2/wx/get_qr_status?ticket=, with expiresAt added when the answer has expiresIn. */
    pollQrStatus: fromPromise<QrStatusResult, { ticket: string }>(async () => ({ status: 'waiting', expiresIn: 0 })),
    /** POST /v2/wx/userlogin {ticket, ...form}: the session. */
    submitWxLogin: fromPromise<ScanUserInfo, { ticket: string; form: WxLoginForm }>(async () => {
      throw new Error('submitWxLogin is not provided');
    }),
  },
  actions: {
    /** A login succeeded: the app stores the session, toasts (登录成功 / 绑定成功 / 注册成功) and navigates. */
    completeLogin: (_, _params: { userInfo: ScanUserInfo; how: ScanLoginHow }) => {},

    resetForNewCode: assign(({ context }) => ({ ...initialScanLoginContext({ visible: context.visible }) })),
    adoptCode: assign(({ event }) => {
      const qr = (event as unknown as { output: QrCodeResult }).output;
      return { qr, expiresAt: qr.expiresAt, status: 'waiting' as const, failed: false };
    }),
    adoptPolled: assign(({ context, event }) => {
      const output = (event as unknown as { output: StatusOf<'waiting' | 'scanned'> }).output;
      return { status: output.status, expiresAt: output.expiresAt ?? context.expiresAt, failed: false };
    }),
    adoptUnbound: assign(({ context, event }) => {
      const output = (event as unknown as { output: StatusOf<'unbound'> }).output;
      return {
        nickname: output.identity?.nickname ?? null,
        expiresAt: output.expiresAt ?? context.expiresAt,
        step: 'choose' as const,
        error: null,
        failed: false,
      };
    }),
    adoptSession: assign(({ event }) => {
      const e = event as unknown as { output: ScanUserInfo | StatusOf<'bound'> };
      return { userInfo: 'status' in e.output ? e.output.userInfo : e.output };
    }),
    markFailed: assign({ failed: true }),
    markRateLimited: assign(({ event }) => ({
      failed: true,
      waitMs: rateLimitWaitMs(errorOf(event as { error?: unknown })) ?? 1000,
    })),
    keepError: assign(({ event }) => ({ error: errorOf(event as { error?: unknown }) ?? null })),
    clearError: assign({ error: null }),
    setVisibility: assign(({ context, event }) => ({
      visible: event.type === 'scan.visibility' ? event.visible : context.visible,
    })),
    /** A click on Reload proves the page is visible. */
    markVisible: assign({ visible: true }),
    /**
     * Polling is over (a final answer, or the unbound forms): the polled status, a failure and the visibility
     * no longer matter. Visibility is tracked only while it decides something (creating and polling); a click
     * on Reload, the only way back to polling, proves the page visible.
     */
    endPolling: assign({ status: 'waiting', failed: false, waitMs: 0, visible: true }),
  },
  guards: {
    visible: ({ context }) => context.visible,
    becameHidden: ({ event }) => event.type === 'scan.visibility' && !event.visible,
    becameVisible: ({ event }) => event.type === 'scan.visibility' && event.visible,
    visibilityChanged: ({ context, event }) => event.type === 'scan.visibility' && event.visible !== context.visible,
    polledWaiting: ({ event }) => outputStatus(event as { output?: unknown }) === 'waiting',
    polledScanned: ({ event }) => outputStatus(event as { output?: unknown }) === 'scanned',
    polledBound: ({ event }) => outputStatus(event as { output?: unknown }) === 'bound',
    polledUnbound: ({ event }) => outputStatus(event as { output?: unknown }) === 'unbound',
    polledExpired: ({ event }) => outputStatus(event as { output?: unknown }) === 'expired',
    polledBanned: ({ event }) => outputStatus(event as { output?: unknown }) === 'banned',
    polledBindFailed: ({ event }) => outputStatus(event as { output?: unknown }) === 'bind_failed',
    rateLimited: ({ event }) => rateLimitWaitMs(errorOf(event as { error?: unknown })) !== undefined,
    codeGone: ({ event }) => {
      const code = errorCode(errorOf(event as { error?: unknown }));
      return code === SCAN_ERROR_CODES.expired || code === SCAN_ERROR_CODES.unknownTicket;
    },
    bindFailedError: ({ event }) => errorCode(errorOf(event as { error?: unknown })) === SCAN_ERROR_CODES.bindFailed,
    bannedError: ({ event }) => errorCode(errorOf(event as { error?: unknown })) === SCAN_ERROR_CODES.banned,
    submitsBind: ({ event }) => event.type === 'scan.submit' && event.form.action === 'bind',
    submitsRegister: ({ event }) => event.type === 'scan.submit' && event.form.action === 'register',
    bindStep: ({ context }) => context.step === 'bind',
  },
  delays: {
    pollInterval: ({ context }) => pollIntervalMs(context.qr),
    retryAfter: ({ context }) => context.waitMs,
  },
}).createMachine({
  id: 'scanLogin',
  // The input is optional (`createActor(machine)` alone works), so its type is left open: a ScanLoginInput or nothing.
  context: ({ input }) => initialScanLoginContext((input as ScanLoginInput | undefined) ?? {}),
  initial: 'creating',
  states: {
    creating: {
      entry: 'resetForNewCode',
      invoke: {
        id: 'createQrCode',
        src: 'createQrCode',
        onDone: [
          { guard: 'visible', target: 'waiting', actions: 'adoptCode' },
          { target: 'paused', actions: 'adoptCode' },
        ],
        onError: { target: 'createFailed', actions: 'keepError' },
      },
      on: { 'scan.visibility': { guard: 'visibilityChanged', actions: 'setVisibility' } },
    },
    createFailed: {
      on: { 'scan.reload': { target: 'creating', actions: 'markVisible' } },
    },

    // Polling a code. `context.status` says whether the last answer was waiting or scanned.
    waiting: waitForNextPoll,
    scanned: waitForNextPoll,
    polling: {
      invoke: {
        id: 'pollQrStatus',
        src: 'pollQrStatus',
        input: ({ context }) => ({ ticket: context.qr?.ticket ?? '' }),
        onDone: [
          {
            guard: 'polledBound',
            target: 'loggedIn',
            actions: [
              'adoptSession',
              {
                type: 'completeLogin',
                params: ({ event }) => ({ userInfo: (event.output as StatusOf<'bound'>).userInfo, how: 'scan' }),
              },
            ],
          },
          { guard: 'polledUnbound', target: 'unbound', actions: 'adoptUnbound' },
          { guard: 'polledExpired', target: 'expired' },
          { guard: 'polledBanned', target: 'banned' },
          { guard: 'polledBindFailed', target: 'bindFailed', actions: 'clearError' },
          { guard: and(['visible', 'polledScanned']), target: 'scanned', actions: 'adoptPolled' },
          { guard: and(['visible', 'polledWaiting']), target: 'waiting', actions: 'adoptPolled' },
          // The page went hidden while the poll was under way: no next poll until it is shown again.
          { guard: or(['polledWaiting', 'polledScanned']), target: 'paused', actions: 'adoptPolled' },
          // An answer this client does not know: try again like after a failed poll.
          { guard: 'visible', target: 'retrying', actions: 'markFailed' },
          { target: 'paused', actions: 'markFailed' },
        ],
        onError: [
          { guard: 'rateLimited', target: 'rateLimited', actions: 'markRateLimited' },
          { guard: 'codeGone', target: 'expired' },
          { guard: 'visible', target: 'retrying', actions: 'markFailed' },
          { target: 'paused', actions: 'markFailed' },
        ],
      },
      on: {
        // The poll under way is kept (a `bound` answer hands the session out once); its answer decides.
        'scan.visibility': { guard: 'visibilityChanged', actions: 'setVisibility' },
        'scan.reload': 'creating',
      },
    },
    paused: {
      on: {
        'scan.visibility': { guard: 'becameVisible', target: 'polling', actions: 'setVisibility' },
        'scan.reload': { target: 'creating', actions: 'markVisible' },
      },
    },
    retrying: waitForNextPoll,
    rateLimited: {
      exit: assign({ waitMs: 0 }),
      // Retry-After is honoured even when the page is shown again meanwhile.
      after: { retryAfter: [{ guard: 'visible', target: 'polling' }, { target: 'paused' }] },
      on: {
        'scan.visibility': { guard: 'visibilityChanged', actions: 'setVisibility' },
        'scan.reload': { target: 'creating', actions: 'markVisible' },
      },
    },

    // Scanned by a WeChat bound to no account: bind it to one, or register a new one with it.
    unbound: {
      entry: 'endPolling',
      on: {
        'scan.bindNow': { target: 'bindForm', actions: [assign({ step: 'bind' }), 'clearError'] },
        'scan.registerNow': { target: 'registerForm', actions: [assign({ step: 'register' }), 'clearError'] },
      },
    },
    bindForm: {
      on: {
        'scan.back': { target: 'unbound', actions: [assign({ step: 'choose' }), 'clearError'] },
        'scan.submit': { guard: 'submitsBind', target: 'submitting', actions: 'clearError' },
      },
    },
    registerForm: {
      on: {
        'scan.back': { target: 'unbound', actions: [assign({ step: 'choose' }), 'clearError'] },
        'scan.submit': { guard: 'submitsRegister', target: 'submitting', actions: 'clearError' },
      },
    },
    submitting: {
      invoke: {
        id: 'submitWxLogin',
        src: 'submitWxLogin',
        input: ({ context, event }) => ({
          ticket: context.qr?.ticket ?? '',
          form: (event as Extract<ScanLoginEvent, { type: 'scan.submit' }>).form,
        }),
        onDone: [
          {
            guard: 'bindStep',
            target: 'bindSuccess',
            actions: [
              'adoptSession',
              { type: 'completeLogin', params: ({ event }) => ({ userInfo: event.output, how: 'bind' }) },
            ],
          },
          {
            target: 'registerSuccess',
            actions: [
              'adoptSession',
              { type: 'completeLogin', params: ({ event }) => ({ userInfo: event.output, how: 'register' }) },
            ],
          },
        ],
        onError: [
          { guard: 'bindFailedError', target: 'bindFailed', actions: 'keepError' },
          { guard: 'codeGone', target: 'expired' },
          { guard: 'bannedError', target: 'banned' },
          { guard: 'bindStep', target: 'bindForm', actions: 'keepError' },
          { target: 'registerForm', actions: 'keepError' },
        ],
      },
    },

    loggedIn: { type: 'final', entry: 'endPolling' },
    bindSuccess: { type: 'final' },
    registerSuccess: { type: 'final' },
    expired: {
      entry: 'endPolling',
      on: { 'scan.reload': 'creating' },
    },
    bindFailed: {
      entry: 'endPolling',
      on: { 'scan.reload': 'creating' },
    },
    banned: {
      entry: 'endPolling',
      on: { 'scan.reload': 'creating' },
    },
  },
});
