/**
 * The seller's account page (/account): the account loads; a closing account (closure asked for, cooling-off
 * period running) offers only "cancel the closure"; otherwise each section's change (nickname, password, phone,
 * one device or every other one signed out, WeChat unbound, closure) is submitted one at a time and ends in an
 * outcome the section shows (done, or the server's code and message). A closure ends the page (closed: every
 * session is signed out). A WeChat bound by scanning the page's bind code (the scan-login machine) reaches the page as
 * `account.changed` with the account loaded again. Implements the account page of docs/api.md#the-sellers-own-account-need-x-auth-token.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { Account, ClosureState } from '../../shared/contract/account';
import { type AccountContext, type AccountEvent, type AccountRequest, failureOf } from './account.selectors';

export const accountMachine = setup({
  types: {
    context: {} as AccountContext,
    events: {} as AccountEvent,
  },
  actors: {
    /** GET /v2/account. */
    loadAccount: fromPromise<Account>(async () => {
      throw new Error('loadAccount not provided');
    }),
    /** Runs one change; resolves with the account when the call answers it, else with anything. */
    submit: fromPromise<unknown, AccountRequest>(async () => {
      throw new Error('submit not provided');
    }),
    /** POST /v2/account/close/cancel. */
    cancelClosure: fromPromise<Account>(async () => {
      throw new Error('cancelClosure not provided');
    }),
  },
  actions: {
    /** Hands a change's answer to the page (the header's name after a nickname change, the device list). */
    applied: (_, _params: { request: AccountRequest; result: unknown }) => {},
    /** The account is closed here: the page signs out (the server has revoked every session). */
    closedNow: () => {},
  },
  guards: {
    isClosing: ({ event }) => Boolean((event as { output?: Account }).output?.closure),
    closedByRequest: ({ context }) => context.request?.kind === 'close',
    noWechat: ({ context }) => !context.account?.wechat,
  },
}).createMachine({
  id: 'account',
  context: { account: null, request: null, outcome: null, closure: null, failure: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadAccount',
        src: 'loadAccount',
        onDone: [
          {
            guard: 'isClosing',
            target: 'closing',
            actions: assign({
              account: ({ event }) => event.output,
              closure: ({ event }) => event.output.closure,
              failure: null,
            }),
          },
          { target: 'ready', actions: assign({ account: ({ event }) => event.output, failure: null }) },
        ],
        onError: { target: 'loadFailed', actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
    },
    loadFailed: {
      on: { 'page.retry': 'loading' },
    },
    ready: {
      on: {
        'section.submit': {
          target: 'submitting',
          actions: assign({ request: ({ event }) => event.request, outcome: null }),
        },
        // Only an account without a WeChat offers the bind code.
        'account.changed': {
          guard: 'noWechat',
          actions: assign({ account: ({ event }) => event.account, outcome: null }),
        },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => context.request as AccountRequest,
        onDone: [
          {
            guard: 'closedByRequest',
            target: 'closed',
            actions: [
              assign({
                closure: ({ event }) => event.output as ClosureState,
                outcome: ({ context }) => ({ kind: (context.request as AccountRequest).kind, ok: true as const }),
              }),
              'closedNow',
            ],
          },
          {
            target: 'ready',
            actions: [
              assign({
                account: ({ context, event }) => accountIn(event.output) ?? context.account,
                outcome: ({ context }) => ({ kind: (context.request as AccountRequest).kind, ok: true as const }),
              }),
              {
                type: 'applied',
                params: ({ context, event }) => ({ request: context.request as AccountRequest, result: event.output }),
              },
            ],
          },
        ],
        onError: {
          target: 'ready',
          actions: assign({
            outcome: ({ context, event }) => ({
              kind: (context.request as AccountRequest).kind,
              ok: false as const,
              failure: failureOf(event.error),
            }),
          }),
        },
      },
    },
    closing: {
      on: { 'closure.cancel': 'cancelling' },
    },
    cancelling: {
      tags: ['busy'],
      invoke: {
        id: 'cancelClosure',
        src: 'cancelClosure',
        onDone: {
          target: 'ready',
          actions: assign({ account: ({ event }) => event.output, closure: null, failure: null }),
        },
        onError: { target: 'closing', actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
    },
    closed: { type: 'final' },
  },
});

/** The account a change answered with (profile, phone, unbind), or null for the answers that are not one. */
function accountIn(output: unknown): Account | null {
  return output && typeof output === 'object' && 'userId' in output && 'hasPassword' in output
    ? (output as Account)
    : null;
}
