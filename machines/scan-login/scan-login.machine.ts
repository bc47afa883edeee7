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
import { assign, fromPromise, setup } from 'xstate';
import { CODES } from '../../shared/contract/codes';

import {
  errorCode,
  initialScanLoginContext,
  pollIntervalMs,
  type QrCodeResult,
  type QrStatusResult,
  rateLimitWaitMs,
  type ScanLoginContext,
  type ScanLoginEvent,
  type ScanLoginHow,
  type ScanLoginInput,
  type ScanUserInfo,
  type WxLoginForm,
} from './scan-login.selectors';

export * from './scan-login.selectors';

type StatusOf<S extends QrStatusResult['status']> = Extract<QrStatusResult, { status: S }>;
type PolledStatus = QrStatusResult['status'];

/** Errors that mean the code is gone: it expired, or the server no longer knows its ticket. */
const CODE_GONE = [CODES.ticketExpired, CODES.unknownTicket];

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
    adoptCode: assign((_, { qr }: { qr: QrCodeResult }) => ({
      qr,
      expiresAt: qr.expiresAt,
      status: 'waiting' as const,
      failed: false,
    })),
    adoptPolled: assign(({ context }, { polled }: { polled: QrStatusResult }) => ({
      status: polled.status === 'scanned' ? ('scanned' as const) : ('waiting' as const),
      expiresAt: ('expiresAt' in polled ? polled.expiresAt : undefined) ?? context.expiresAt,
      failed: false,
    })),
    adoptUnbound: assign(({ context }, { polled }: { polled: QrStatusResult }) => {
      const unbound = polled as StatusOf<'unbound'>;
      return {
        nickname: unbound.identity?.nickname ?? null,
        expiresAt: unbound.expiresAt ?? context.expiresAt,
        step: 'choose' as const,
        error: null,
        failed: false,
      };
    }),
    adoptSession: assign((_, { userInfo }: { userInfo: ScanUserInfo }) => ({ userInfo })),
    markFailed: assign({ failed: true }),
    markRateLimited: assign((_, { error }: { error: unknown }) => ({
      failed: true,
      waitMs: rateLimitWaitMs(error) ?? 1000,
    })),
    keepError: assign((_, { error }: { error: unknown }) => ({ error: error ?? null })),
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
    /** The poll answered with one of `statuses` (and, with `whileVisible`, the page is shown). */
    polled: (
      { context },
      {
        polled,
        statuses,
        whileVisible,
      }: { polled: QrStatusResult | undefined; statuses: PolledStatus[]; whileVisible?: boolean },
    ) => polled !== undefined && statuses.includes(polled.status) && (!whileVisible || context.visible),
    rateLimited: (_, { error }: { error: unknown }) => rateLimitWaitMs(error) !== undefined,
    /** The call failed with one of `codes` (CODES of shared/contract). */
    failedWith: (_, { error, codes }: { error: unknown; codes: number[] }) => {
      const code = errorCode(error);
      return code !== undefined && codes.includes(code);
    },
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
          {
            guard: 'visible',
            target: 'waiting',
            actions: { type: 'adoptCode', params: ({ event }) => ({ qr: event.output }) },
          },
          { target: 'paused', actions: { type: 'adoptCode', params: ({ event }) => ({ qr: event.output }) } },
        ],
        onError: {
          target: 'createFailed',
          actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
        },
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
            guard: { type: 'polled', params: ({ event }) => ({ polled: event.output, statuses: ['bound'] }) },
            target: 'loggedIn',
            actions: [
              {
                type: 'adoptSession',
                params: ({ event }) => ({ userInfo: (event.output as StatusOf<'bound'>).userInfo }),
              },
              {
                type: 'completeLogin',
                params: ({ event }) => ({ userInfo: (event.output as StatusOf<'bound'>).userInfo, how: 'scan' }),
              },
            ],
          },
          {
            guard: { type: 'polled', params: ({ event }) => ({ polled: event.output, statuses: ['unbound'] }) },
            target: 'unbound',
            actions: { type: 'adoptUnbound', params: ({ event }) => ({ polled: event.output }) },
          },
          {
            guard: { type: 'polled', params: ({ event }) => ({ polled: event.output, statuses: ['expired'] }) },
            target: 'expired',
          },
          {
            guard: { type: 'polled', params: ({ event }) => ({ polled: event.output, statuses: ['banned'] }) },
            target: 'banned',
          },
          {
            guard: { type: 'polled', params: ({ event }) => ({ polled: event.output, statuses: ['bind_failed'] }) },
            target: 'bindFailed',
            actions: 'clearError',
          },
          {
            guard: {
              type: 'polled',
              params: ({ event }) => ({ polled: event.output, statuses: ['scanned'], whileVisible: true }),
            },
            target: 'scanned',
            actions: { type: 'adoptPolled', params: ({ event }) => ({ polled: event.output }) },
          },
          {
            guard: {
              type: 'polled',
              params: ({ event }) => ({ polled: event.output, statuses: ['waiting'], whileVisible: true }),
            },
            target: 'waiting',
            actions: { type: 'adoptPolled', params: ({ event }) => ({ polled: event.output }) },
          },
          // The page went hidden while the poll was under way: no next poll until it is shown again.
          {
            guard: {
              type: 'polled',
              params: ({ event }) => ({ polled: event.output, statuses: ['waiting', 'scanned'] }),
            },
            target: 'paused',
            actions: { type: 'adoptPolled', params: ({ event }) => ({ polled: event.output }) },
          },
          // An answer this client does not know: try again like after a failed poll.
          { guard: 'visible', target: 'retrying', actions: 'markFailed' },
          { target: 'paused', actions: 'markFailed' },
        ],
        onError: [
          {
            guard: { type: 'rateLimited', params: ({ event }) => ({ error: event.error }) },
            target: 'rateLimited',
            actions: { type: 'markRateLimited', params: ({ event }) => ({ error: event.error }) },
          },
          {
            guard: { type: 'failedWith', params: ({ event }) => ({ error: event.error, codes: CODE_GONE }) },
            target: 'expired',
          },
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
              { type: 'adoptSession', params: ({ event }) => ({ userInfo: event.output }) },
              { type: 'completeLogin', params: ({ event }) => ({ userInfo: event.output, how: 'bind' }) },
            ],
          },
          {
            target: 'registerSuccess',
            actions: [
              { type: 'adoptSession', params: ({ event }) => ({ userInfo: event.output }) },
              { type: 'completeLogin', params: ({ event }) => ({ userInfo: event.output, how: 'register' }) },
            ],
          },
        ],
        onError: [
          {
            guard: {
              type: 'failedWith',
              params: ({ event }) => ({ error: event.error, codes: [CODES.bindFailed] }),
            },
            target: 'bindFailed',
            actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
          },
          {
            guard: { type: 'failedWith', params: ({ event }) => ({ error: event.error, codes: CODE_GONE }) },
            target: 'expired',
          },
          {
            guard: {
              type: 'failedWith',
              params: ({ event }) => ({ error: event.error, codes: [CODES.accountBanned] }),
            },
            target: 'banned',
          },
          {
            guard: 'bindStep',
            target: 'bindForm',
            actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'registerForm', actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) } },
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
