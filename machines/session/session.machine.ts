/**
 * The session (docs/product.md#data "Session store", docs/product.md#states "Login state", docs/product.md#roles, docs/product.md#errors-and-messages). A present token means
 * logged in; the token lives in the `Authorization` cookie and userInfo in localStorage — written and cleared
 * by the effects below, which src/app/session.ts supplies with `.provide()`.
 *
 * loggedOut  ──session.login{userInfo with Authorization} | session.token{token} | storage.changed{token}──▶ loggedIn
 * loggedIn   ──user.logout──▶ loggingOut (POST userlogout {userName})
 * loggedIn   ──plugin.logout──▶ loggingOut (the same call, but the window event is not fired back: no echo)
 * loggingOut ──code 200──▶ signingOff ──after 0 ms──▶ loggedOut: fire `user-login-out` (unless the plug-in
 *                            asked), run the post-logout routine, clear userInfo, registeInfo and token, go to login
 * loggingOut ──other code──▶ loggedIn, error toast (the server's message, or "Logout failed")
 * loggingOut ──exception──▶ loggedIn, logged to the console only
 * any        ──session.unauthorized (HTTP 401, body 401 / 40002)──▶ loggedOut: clear, go to login (no call)
 * any        ──storage.changed──▶ what the browser now holds (another tab logged in or out: every tab follows)
 *
 * An empty Authorization clears the stored token; a token alone (`session.token`) stores or clears it.
 * The machine starts logged out; the app sends the stored session as `storage.changed` right after start.
 */
import { assign, fromPromise, not, setup } from 'xstate';
import {
  initialSessionContext,
  type LogoutResult,
  type SessionContext,
  type SessionEvent,
  type SessionInput,
  type StoredUserInfo,
  tokenOf,
  userNameOf,
} from './session.selectors';

export * from './session.selectors';

type EventOf<T extends SessionEvent['type']> = Extract<SessionEvent, { type: T }>;

/**
 * A login, a token and what the browser holds now (another tab): handled the same whether logged in or out, so
 * declared once. With a token the session is (still) logged in; without one, logged out. A transition to the
 * state it starts from does not re-enter it.
 */
const sessionChanges = {
  'session.login': [
    {
      guard: 'loginHasToken',
      target: 'loggedIn',
      actions: [
        {
          type: 'storeUserInfo',
          params: ({ event }: { event: EventOf<'session.login'> }) => ({ userInfo: event.userInfo }),
        },
        {
          type: 'storeToken',
          params: ({ event }: { event: EventOf<'session.login'> }) => ({ token: tokenOf(event.userInfo) }),
        },
        'adoptLogin',
      ],
    },
    // An empty Authorization: the userInfo is kept, the stored token cleared; logged out.
    {
      target: 'loggedOut',
      actions: [
        {
          type: 'storeUserInfo',
          params: ({ event }: { event: EventOf<'session.login'> }) => ({ userInfo: event.userInfo }),
        },
        { type: 'storeToken', params: { token: null } },
        'adoptLogin',
      ],
    },
  ],
  'session.token': [
    {
      guard: 'tokenGiven',
      target: 'loggedIn',
      actions: [
        { type: 'storeToken', params: ({ event }: { event: EventOf<'session.token'> }) => ({ token: event.token }) },
        'adoptToken',
      ],
    },
    { target: 'loggedOut', actions: [{ type: 'storeToken', params: { token: null } }, 'adoptToken'] },
  ],
  'storage.changed': [
    { guard: 'storedToken', target: 'loggedIn', actions: 'adoptStored' },
    // Another tab logged out: this one is logged out too (the other tab already cleared the storage).
    { target: 'loggedOut', actions: 'adoptStored' },
  ],
} as const;

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    /** POST /v2/web/userlogout {userName}: resolves with the envelope's code and message, rejects on no answer. */
    logoutRequest: fromPromise<LogoutResult, { userName: string }>(async () => ({ code: 200, message: null })),
  },
  actions: {
    /** Writes localStorage `userInfo`. */
    storeUserInfo: (_, _params: { userInfo: StoredUserInfo }) => {},
    /** Writes the `Authorization` cookie (7 days, path /), or removes it for null. */
    storeToken: (_, _params: { token: string | null }) => {},
    /** Removes userInfo, registeInfo and the token (and tells other tabs). */
    clearSession: () => {},
    /** Fires the window event `user-login-out` for the plug-in. */
    announceLogout: () => {},
    /** The shared post-logout routine (src/app/session.ts says what it does). */
    postLogout: () => {},
    /** Goes to the login page of the page's language. */
    goToLogin: () => {},
    /** Shows the logout failure: the server's message, or the default text when it sent none. */
    notifyLogoutFailed: (_, _params: { message: string | null }) => {},
    /** An exception during logout is only logged (docs/product.md#errors-and-messages). */
    logLogoutError: (_, _params: { error: unknown }) => {},

    // The context holds a session only while there is one: without a token it is empty (logged out).
    adoptLogin: assign(({ event }) => {
      if (event.type !== 'session.login') return {};
      const token = tokenOf(event.userInfo);
      return token ? { userInfo: event.userInfo, token } : { userInfo: null, token: null };
    }),
    adoptToken: assign(({ event }) => {
      if (event.type !== 'session.token') return {};
      return event.token ? { token: event.token } : { token: null, userInfo: null };
    }),
    adoptStored: assign(({ event }) => {
      if (event.type !== 'storage.changed') return {};
      return event.token ? { token: event.token, userInfo: event.userInfo } : { token: null, userInfo: null };
    }),
    forget: assign({ token: null, userInfo: null }),
    endLogout: assign({ logoutSource: null }),
    setLanguage: assign(({ event }) => (event.type === 'session.language' ? { language: event.language } : {})),
  },
  guards: {
    loginHasToken: ({ event }) => event.type === 'session.login' && tokenOf(event.userInfo) !== null,
    tokenGiven: ({ event }) => event.type === 'session.token' && Boolean(event.token),
    storedToken: ({ event }) => event.type === 'storage.changed' && Boolean(event.token),
    logoutSucceeded: (_, params: { result: LogoutResult }) => params.result.code === 200,
    askedByUser: ({ context }) => context.logoutSource !== 'plugin',
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => initialSessionContext(input),
  initial: 'loggedOut',
  on: {
    'session.unauthorized': { target: '.loggedOut', actions: ['clearSession', 'forget', 'goToLogin'] },
    'session.language': { actions: 'setLanguage' },
  },
  states: {
    loggedOut: {
      entry: 'endLogout',
      on: sessionChanges,
    },
    loggedIn: {
      entry: 'endLogout',
      on: {
        'user.logout': { target: 'loggingOut', actions: assign({ logoutSource: 'user' }) },
        'plugin.logout': { target: 'loggingOut', actions: assign({ logoutSource: 'plugin' }) },
        ...sessionChanges,
      },
    },
    loggingOut: {
      invoke: {
        id: 'logoutRequest',
        src: 'logoutRequest',
        input: ({ context }) => ({ userName: userNameOf(context.userInfo) }),
        onDone: [
          {
            guard: { type: 'logoutSucceeded', params: ({ event }) => ({ result: event.output }) },
            target: 'signingOff',
          },
          {
            target: 'loggedIn',
            actions: [
              { type: 'notifyLogoutFailed', params: ({ event }) => ({ message: event.output.message || null }) },
            ],
          },
        ],
        onError: {
          target: 'loggedIn',
          actions: { type: 'logLogoutError', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: {
        // Another tab finished a logout first: nothing left to do here but follow it.
        'storage.changed': { guard: not('storedToken'), target: 'loggedOut', actions: 'adoptStored' },
      },
    },
    signingOff: {
      // docs/product.md#states: a successful logout waits 0 ms, then fires the event, then runs the post-logout routine.
      // The plug-in's own logout is not announced back to it (no echo loop).
      after: {
        0: [
          {
            guard: 'askedByUser',
            target: 'loggedOut',
            actions: ['announceLogout', 'postLogout', 'clearSession', 'forget', 'goToLogin'],
          },
          { target: 'loggedOut', actions: ['postLogout', 'clearSession', 'forget', 'goToLogin'] },
        ],
      },
    },
  },
});
