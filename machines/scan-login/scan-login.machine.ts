/**
 * WeChat QR login: a code is made, shown and polled until the server says how the scan ended.
 *
 * creating ──done {code}──▶ code.polling.waiting (paused at once when the page is hidden) ──error──▶ code.createFailed
 * code.polling (`context.status` says whether the last answer was waiting or scanned):
 *   waiting | scanned | retrying ──after pollInterval──▶ requesting (GET get_qr_status {ticket})
 *   requesting ──waiting | scanned──▶ waiting | scanned (then paused when the page went hidden meanwhile)
 *   requesting ──error 429 {retryAfter}──▶ rateLimited ──after retryAfter──▶ requesting (paused when hidden)
 *   requesting ──any other error, or an answer this client does not know──▶ retrying (view.retrying until one answers)
 *   waiting | scanned | retrying ──scan.visibility hidden──▶ paused ──scan.visibility visible──▶ requesting (at once)
 * requesting ──bound {userInfo}──▶ loggedIn (completeLogin how=scan)
 * requesting ──linked──▶ linked (completeLink): a bind code of the account page (POST /v2/account/wechat/bind-code)
 *   bound the WeChat that scanned to the signed-in account; no session is handed out
 * requesting ──unbound {identity}──▶ unbound (choose) ──scan.bindNow──▶ bindForm / ──scan.registerNow──▶ registerForm
 * requesting ──expired | banned | bind_failed──▶ code.expired | code.banned | code.bindFailed (a bind code: the WeChat
 *   is bound to another account)
 * requesting ──error 40020 / 40023 (the code is gone)──▶ code.expired
 * bindForm | registerForm ──scan.back──▶ unbound;  ──scan.submit {form}──▶ submitting (POST wx/userlogin)
 * submitting ──done {userInfo}──▶ bindSuccess | registerSuccess (completeLogin how=bind | register)
 * submitting ──error 40022──▶ bindFailed; 40023 / 40020──▶ expired; 40014──▶ banned; other──▶ the form, error set
 * every state under `code` ──scan.reload──▶ creating (a new code; a poll under way is dropped)
 *
 * loggedIn, bindSuccess, registerSuccess and linked are final; nothing polls in them nor in the forms, expired,
 * bindFailed and banned. A poll under way is never cancelled by hiding the page (a `bound` answer hands the
 * session out once); it is dropped only by a reload, and XState never delivers the answer of an invocation
 * that has ended, so an old ticket's answer cannot touch the new code.
 *
 * The machine has no clock: `expiresAt` comes with the effects' results. Effects are supplied with
 * `.provide()`: actors `createQrCode`, `pollQrStatus`, `submitWxLogin`, actions `completeLogin`, `completeLink`; delays
 * `pollInterval` (the code's pollInterval, default 2 s) and `retryAfter` (a 429's Retry-After).
 */
import { assign, fromPromise, not, setup } from 'xstate';
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

type PolledStatus = QrStatusResult['status'];

/** Errors that mean the code is gone: it expired, or the server no longer knows its ticket. */
const CODE_GONE = [CODES.ticketExpired, CODES.unknownTicket];

/**
 * waiting, scanned and retrying: the next poll after pollInterval. They are entered only while the page is
 * shown; when it is hidden (or already was when the answer came) they give way to paused at once.
 */
const waitForNextPoll = {
  after: { pollInterval: 'requesting' },
  always: { guard: not('visible'), target: 'paused' },
} as const;

/** The session of a `bound` answer (the transition's guard has checked the status). */
function sessionOf(polled: QrStatusResult): ScanUserInfo {
  if (polled.status !== 'bound') throw new Error(`a ${polled.status} answer has no session`);
  return polled.userInfo;
}

/** The WeChat nickname of an `unbound` answer (the transition's guard has checked the status). */
function nicknameOf(polled: QrStatusResult): string | null {
  return polled.status === 'unbound' ? (polled.identity?.nickname ?? null) : null;
}

/** The form of the `scan.submit` that entered `submitting` (the only way in). */
function submittedForm(event: ScanLoginEvent): WxLoginForm {
  if (event.type !== 'scan.submit') throw new Error(`submitting was entered by ${event.type}, not scan.submit`);
  return event.form;
}

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
    /** A bind code bound the WeChat to the signed-in account: the account page shows the binding. */
    completeLink: () => {},

    resetForNewCode: assign(({ context }) => ({ ...initialScanLoginContext({ visible: context.visible }) })),
    adoptCode: assign((_, { qr }: { qr: QrCodeResult }) => ({
      qr,
      expiresAt: qr.expiresAt,
      status: 'waiting' as const,
      failed: false,
    })),
    adoptPolled: assign(({ context }, { polled }: { polled: QrStatusResult }) => ({
      status: polled.status === 'scanned' ? ('scanned' as const) : ('waiting' as const),
      expiresAt: polled.expiresAt ?? context.expiresAt,
      failed: false,
    })),
    adoptUnbound: assign(({ context }, { polled }: { polled: QrStatusResult }) => ({
      nickname: nicknameOf(polled),
      expiresAt: polled.expiresAt ?? context.expiresAt,
      step: 'choose' as const,
      error: null,
      failed: false,
    })),
    adoptSession: assign((_, { userInfo }: { userInfo: ScanUserInfo }) => ({ userInfo })),
    markFailed: assign({ failed: true }),
    markRateLimited: assign((_, { error }: { error: unknown }) => ({
      failed: true,
      waitMs: rateLimitWaitMs(error) ?? 1000,
    })),
    keepError: assign((_, { error }: { error: unknown }) => ({ error: error ?? null })),
    clearError: assign({ error: null }),
    setStep: assign((_, { step }: { step: ScanLoginContext['step'] }) => ({ step })),
    setVisibility: assign((_, { visible }: { visible: boolean }) => ({ visible })),
    /** A click on Reload proves the page is visible. */
    markVisible: assign({ visible: true }),
    /**
     * Polling is over (a final answer, the unbound forms, or a new code): the polled status, a failure and the
     * visibility no longer matter. Visibility is tracked only while it decides something (creating and
     * polling); a click on Reload, the only way back to polling, proves the page visible.
     */
    endPolling: assign({ status: 'waiting', failed: false, waitMs: 0, visible: true }),
  },
  guards: {
    visible: ({ context }) => context.visible,
    /** The page's visibility changed. */
    visibilityChanged: ({ context }, { visible }: { visible: boolean }) => visible !== context.visible,
    /** The poll answered with one of `statuses`. */
    polled: (_, { polled, statuses }: { polled: QrStatusResult; statuses: PolledStatus[] }) =>
      statuses.includes(polled.status),
    rateLimited: (_, { error }: { error: unknown }) => rateLimitWaitMs(error) !== undefined,
    /** The call failed with one of `codes` (CODES of shared/contract). */
    failedWith: (_, { error, codes }: { error: unknown; codes: number[] }) => {
      const code = errorCode(error);
      return code !== undefined && codes.includes(code);
    },
    /** The form sent is the one open (a bind form sends bind, the register form register). */
    sends: (_, { form, action }: { form: WxLoginForm; action: WxLoginForm['action'] }) => form.action === action,
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
        // Waiting, or paused when the page is hidden.
        onDone: {
          target: '#scanLogin.code.polling.waiting',
          actions: { type: 'adoptCode', params: ({ event }) => ({ qr: event.output }) },
        },
        onError: {
          target: '#scanLogin.code.createFailed',
          actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: {
        'scan.visibility': {
          guard: { type: 'visibilityChanged', params: ({ event }) => ({ visible: event.visible }) },
          actions: { type: 'setVisibility', params: ({ event }) => ({ visible: event.visible }) },
        },
      },
    },

    // A code, or the lack of one: every state in here offers Reload (a new code; a poll under way is dropped).
    code: {
      initial: 'polling',
      on: { 'scan.reload': { target: 'creating', actions: 'markVisible' } },
      states: {
        createFailed: {},

        // Polling the code. `context.status` says whether the last answer was waiting or scanned.
        polling: {
          initial: 'waiting',
          exit: 'endPolling',
          on: {
            // Hidden, no new poll starts: waiting, scanned and retrying give way to paused; paused polls at once
            // when shown; a poll under way is kept (a `bound` answer hands the session out once) and a 429's
            // Retry-After is honoured either way.
            'scan.visibility': {
              guard: { type: 'visibilityChanged', params: ({ event }) => ({ visible: event.visible }) },
              actions: { type: 'setVisibility', params: ({ event }) => ({ visible: event.visible }) },
            },
          },
          states: {
            waiting: waitForNextPoll,
            scanned: waitForNextPoll,
            retrying: waitForNextPoll,
            requesting: {
              invoke: {
                id: 'pollQrStatus',
                src: 'pollQrStatus',
                input: ({ context }) => ({ ticket: context.qr?.ticket ?? '' }),
                onDone: [
                  {
                    guard: { type: 'polled', params: ({ event }) => ({ polled: event.output, statuses: ['bound'] }) },
                    target: '#scanLogin.loggedIn',
                    actions: [
                      { type: 'adoptSession', params: ({ event }) => ({ userInfo: sessionOf(event.output) }) },
                      {
                        type: 'completeLogin',
                        params: ({ event }) => ({ userInfo: sessionOf(event.output), how: 'scan' }),
                      },
                    ],
                  },
                  {
                    guard: { type: 'polled', params: ({ event }) => ({ polled: event.output, statuses: ['linked'] }) },
                    target: '#scanLogin.linked',
                    actions: 'completeLink',
                  },
                  {
                    guard: { type: 'polled', params: ({ event }) => ({ polled: event.output, statuses: ['unbound'] }) },
                    target: '#scanLogin.unbound',
                    actions: { type: 'adoptUnbound', params: ({ event }) => ({ polled: event.output }) },
                  },
                  {
                    guard: { type: 'polled', params: ({ event }) => ({ polled: event.output, statuses: ['expired'] }) },
                    target: '#scanLogin.code.expired',
                  },
                  {
                    guard: { type: 'polled', params: ({ event }) => ({ polled: event.output, statuses: ['banned'] }) },
                    target: '#scanLogin.code.banned',
                  },
                  {
                    guard: {
                      type: 'polled',
                      params: ({ event }) => ({ polled: event.output, statuses: ['bind_failed'] }),
                    },
                    target: '#scanLogin.code.bindFailed',
                    actions: 'clearError',
                  },
                  {
                    guard: { type: 'polled', params: ({ event }) => ({ polled: event.output, statuses: ['scanned'] }) },
                    target: 'scanned',
                    actions: { type: 'adoptPolled', params: ({ event }) => ({ polled: event.output }) },
                  },
                  {
                    guard: { type: 'polled', params: ({ event }) => ({ polled: event.output, statuses: ['waiting'] }) },
                    target: 'waiting',
                    actions: { type: 'adoptPolled', params: ({ event }) => ({ polled: event.output }) },
                  },
                  // An answer this client does not know: try again like after a failed poll.
                  { target: 'retrying', actions: 'markFailed' },
                ],
                onError: [
                  {
                    guard: { type: 'rateLimited', params: ({ event }) => ({ error: event.error }) },
                    target: 'rateLimited',
                    actions: { type: 'markRateLimited', params: ({ event }) => ({ error: event.error }) },
                  },
                  {
                    guard: { type: 'failedWith', params: ({ event }) => ({ error: event.error, codes: CODE_GONE }) },
                    target: '#scanLogin.code.expired',
                  },
                  { target: 'retrying', actions: 'markFailed' },
                ],
              },
            },
            paused: { always: { guard: 'visible', target: 'requesting' } },
            rateLimited: {
              exit: assign({ waitMs: 0 }),
              // Retry-After is honoured even when the page is shown again meanwhile.
              after: { retryAfter: [{ guard: 'visible', target: 'requesting' }, { target: 'paused' }] },
            },
          },
        },

        expired: {},
        bindFailed: {},
        banned: {},
      },
    },

    // Scanned by a WeChat bound to no account: bind it to one, or register a new one with it.
    unbound: {
      on: {
        'scan.bindNow': {
          target: 'bindForm',
          actions: [{ type: 'setStep', params: { step: 'bind' } }, 'clearError'],
        },
        'scan.registerNow': {
          target: 'registerForm',
          actions: [{ type: 'setStep', params: { step: 'register' } }, 'clearError'],
        },
      },
    },
    bindForm: {
      on: {
        'scan.back': { target: 'unbound', actions: [{ type: 'setStep', params: { step: 'choose' } }, 'clearError'] },
        'scan.submit': {
          guard: { type: 'sends', params: ({ event }) => ({ form: event.form, action: 'bind' }) },
          target: 'submitting',
          actions: 'clearError',
        },
      },
    },
    registerForm: {
      on: {
        'scan.back': { target: 'unbound', actions: [{ type: 'setStep', params: { step: 'choose' } }, 'clearError'] },
        'scan.submit': {
          guard: { type: 'sends', params: ({ event }) => ({ form: event.form, action: 'register' }) },
          target: 'submitting',
          actions: 'clearError',
        },
      },
    },
    submitting: {
      invoke: {
        id: 'submitWxLogin',
        src: 'submitWxLogin',
        input: ({ context, event }) => ({ ticket: context.qr?.ticket ?? '', form: submittedForm(event) }),
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
            target: 'code.bindFailed',
            actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
          },
          {
            guard: { type: 'failedWith', params: ({ event }) => ({ error: event.error, codes: CODE_GONE }) },
            target: 'code.expired',
          },
          {
            guard: {
              type: 'failedWith',
              params: ({ event }) => ({ error: event.error, codes: [CODES.accountBanned] }),
            },
            target: 'code.banned',
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

    loggedIn: { type: 'final' },
    bindSuccess: { type: 'final' },
    registerSuccess: { type: 'final' },
    linked: { type: 'final' },
  },
});
