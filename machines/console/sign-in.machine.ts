/**
 * The console's sign-in: on start it asks the server for the session (a console tab reopened keeps it); signed
 * out, the operator enters name, password and the authenticator's code. A wrong answer (one answer for all three,
 * 40102) keeps the form with its message; a 429 blocks the form for the server's wait (Retry-After), then
 * unblocks it; any other failure shows the server's message. Signed in, a 401 / 40101 on any call (the session
 * expired: 12 h, or 30 min idle) comes back to the form and remembers the page the operator was on, which the
 * next sign-in returns to. Signing out ends the session on the server (and locally, whatever it answers).
 * Implements issue "The operator's console" §2 (docs/decisions/046-operators-console.md).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SignInContext, SignInEvent, SignInFailure, SignInForm, SignInSession } from './sign-in.selectors';

export const signInMachine = setup({
  types: {
    context: {} as SignInContext,
    events: {} as SignInEvent,
    input: {} as { returnTo?: string | null } | undefined,
  },
  actors: {
    /** GET /console/api/session: the session of the cookie, or a rejection (401 when there is none). */
    loadSession: fromPromise<SignInSession>(async () => {
      throw new Error('loadSession not provided');
    }),
    /** POST /console/api/login. */
    login: fromPromise<SignInSession, SignInForm>(async () => {
      throw new Error('login not provided');
    }),
    /** POST /console/api/logout (its answer does not matter: the tab signs out either way). */
    logout: fromPromise<void, { csrfToken: string }>(async () => {}),
  },
  actions: {
    /** Go to the page the operator was on before the session ended (or the console's start page). */
    returnToPage: (_, _params: { returnTo: string | null }) => {},
    /** Show the sign-in page. */
    showSignIn: () => {},
    clearFailure: assign({ failure: null }),
  },
  delays: {
    /** The server's Retry-After, at least one second. */
    retryWait: ({ context }) => Math.max(1, context.retryAfter ?? 1) * 1000,
  },
  guards: {
    wrongAnswer: (_, failure: SignInFailure) => failure.code === 40102,
    rateLimited: (_, failure: SignInFailure) => failure.status === 429 || failure.code === 429,
  },
}).createMachine({
  id: 'consoleSignIn',
  // returnTo: the page the console was opened on, shown once the operator has signed in.
  context: ({ input }) => ({
    session: null,
    failure: null,
    retryAfter: null,
    returnTo: input?.returnTo ?? null,
    expired: false,
  }),
  initial: 'checking',
  states: {
    checking: {
      tags: ['busy'],
      invoke: {
        id: 'loadSession',
        src: 'loadSession',
        onDone: { target: 'signedIn', actions: assign({ session: ({ event }) => event.output }) },
        onError: { target: 'signedOut' },
      },
    },
    signedOut: {
      entry: 'showSignIn',
      initial: 'editing',
      states: {
        editing: {
          on: {
            'form.submit': { target: 'submitting' },
          },
        },
        submitting: {
          tags: ['busy'],
          invoke: {
            id: 'login',
            src: 'login',
            input: ({ event }) => (event as Extract<SignInEvent, { type: 'form.submit' }>).form,
            onDone: {
              target: '#consoleSignIn.signedIn',
              actions: [
                assign({
                  session: ({ event }) => event.output,
                  failure: null,
                  expired: false,
                  returnTo: null,
                }),
                { type: 'returnToPage', params: ({ context }) => ({ returnTo: context.returnTo }) },
              ],
            },
            onError: [
              {
                guard: { type: 'rateLimited', params: ({ event }) => toFailure(event.error) },
                target: 'rateLimited',
                actions: assign({
                  failure: ({ event }) => toFailure(event.error),
                  retryAfter: ({ event }) => toFailure(event.error).retryAfter ?? 1,
                }),
              },
              {
                guard: { type: 'wrongAnswer', params: ({ event }) => toFailure(event.error) },
                target: 'wrongAnswer',
                actions: assign({ failure: ({ event }) => toFailure(event.error) }),
              },
              { target: 'failed', actions: assign({ failure: ({ event }) => toFailure(event.error) }) },
            ],
          },
        },
        wrongAnswer: {
          on: { 'form.submit': { target: 'submitting' }, 'form.edit': { target: 'editing', actions: 'clearFailure' } },
        },
        failed: {
          on: { 'form.submit': { target: 'submitting' }, 'form.edit': { target: 'editing', actions: 'clearFailure' } },
        },
        rateLimited: {
          after: { retryWait: { target: 'editing', actions: assign({ retryAfter: null, failure: null }) } },
        },
      },
    },
    signedIn: {
      on: {
        'session.expired': {
          target: 'signedOut',
          actions: assign({
            session: null,
            expired: true,
            failure: null,
            returnTo: ({ event }) => event.location,
          }),
        },
        'user.signOut': { target: 'signingOut' },
      },
    },
    signingOut: {
      tags: ['busy'],
      invoke: {
        id: 'logout',
        src: 'logout',
        input: ({ context }) => ({ csrfToken: context.session?.csrfToken ?? '' }),
        onDone: { target: 'signedOut', actions: assign({ session: null, expired: false, returnTo: null }) },
        onError: { target: 'signedOut', actions: assign({ session: null, expired: false, returnTo: null }) },
      },
    },
  },
});

/** What the machine keeps of a rejected call: its status, business code, message and wait. */
export function toFailure(error: unknown): SignInFailure {
  const e = (error ?? {}) as Partial<SignInFailure>;
  return {
    status: typeof e.status === 'number' ? e.status : 0,
    code: typeof e.code === 'number' ? e.code : 0,
    message: typeof e.message === 'string' ? e.message : '',
    ...(typeof e.retryAfter === 'number' ? { retryAfter: e.retryAfter } : {}),
  };
}
