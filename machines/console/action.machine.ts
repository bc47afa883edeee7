/**
 * One operator action on an account or a webhook, confirmed before it runs: ban (a reason is required), unban,
 * revoke one session or all of them, unbind WeChat, show the full phone number, resend a delivery, delete an
 * endpoint. Requesting an action opens the confirmation; confirming runs it (pending), which ends done (with the
 * server's answer) or failed (with the server's message); either can be dismissed or followed by another request.
 * Implements issue "The operator's console" §3 and §6 (docs/decisions/046-operators-console.md).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { ActionContext, ActionEvent, ActionRequest } from './action.selectors';

export const actionMachine = setup({
  types: {
    context: {} as ActionContext,
    events: {} as ActionEvent,
  },
  actors: {
    /** Runs the confirmed action on the server; resolves with its answer (the user page, the phone, …). */
    perform: fromPromise<unknown, { request: ActionRequest; reason: string }>(async () => {
      throw new Error('perform not provided');
    }),
  },
  actions: {
    /** Hands the server's answer to the page (e.g. the updated user page). */
    applyResult: (_, _params: { request: ActionRequest | null; result: unknown }) => {},
    open: assign({
      request: ({ event }) => (event as Extract<ActionEvent, { type: 'action.request' }>).request,
      reason: '',
      result: null,
      message: '',
    }),
  },
  guards: {
    reasonGiven: ({ context }) => !context.request?.needsReason || context.reason.trim().length > 0,
  },
}).createMachine({
  id: 'consoleAction',
  context: { request: null, reason: '', result: null, message: '' },
  initial: 'idle',
  states: {
    idle: {
      on: { 'action.request': { target: 'confirming', actions: 'open' } },
    },
    confirming: {
      on: {
        'action.reason': { actions: assign({ reason: ({ event }) => event.reason }) },
        'action.confirm': { guard: 'reasonGiven', target: 'pending' },
        'action.cancel': { target: 'idle', actions: assign({ request: null, reason: '' }) },
      },
    },
    pending: {
      tags: ['busy'],
      invoke: {
        id: 'perform',
        src: 'perform',
        input: ({ context }) => ({ request: context.request as ActionRequest, reason: context.reason.trim() }),
        onDone: {
          target: 'done',
          actions: [
            assign({ result: ({ event }) => event.output }),
            {
              type: 'applyResult',
              params: ({ context, event }) => ({ request: context.request, result: event.output }),
            },
          ],
        },
        onError: {
          target: 'failed',
          actions: assign({
            message: ({ event }) => {
              const message = (event.error as { message?: unknown } | undefined)?.message;
              return typeof message === 'string' ? message : '';
            },
          }),
        },
      },
    },
    done: {
      on: {
        'action.request': { target: 'confirming', actions: 'open' },
        'action.dismiss': { target: 'idle', actions: assign({ request: null, reason: '', result: null }) },
      },
    },
    failed: {
      on: {
        'action.request': { target: 'confirming', actions: 'open' },
        'action.confirm': { target: 'pending' },
        'action.dismiss': { target: 'idle', actions: assign({ request: null, reason: '', message: '' }) },
      },
    },
  },
});
