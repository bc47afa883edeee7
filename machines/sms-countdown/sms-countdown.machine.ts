/**
 * The "get code" button of the auth forms (docs/product.md#errors-and-messages SMS toasts): a slider captcha first, then
 * the send, then a 60 s countdown before the next code; a 429 from the server blocks the button for the wait
 * it names.
 *
 * idle ──user.request {phone, countryCode}──▶ verifying (the captcha dialog is open)
 * verifying ──captcha.passed {ticket}──▶ sending ──done {resendIn}──▶ counting (resendIn s, the `sent` action)
 * verifying ──captcha.cancel──▶ idle
 * sending ──error {kind: rateLimited, retryAfter}──▶ blocked (retryAfter s, the `blocked` action)
 * sending ──error (anything else)──▶ idle (the `failed` action)
 * counting | blocked ──after tick (1 s)──▶ the same state one second less, or idle after the last second
 *
 * Effects are named here and supplied by the component with `.provide()`: the `sendCode` actor (the API call,
 * rejecting with an `SmsSendFailure`) and the `sent` / `blocked` / `failed` actions (toasts). The machine holds
 * no text.
 */
import { assign, fromPromise, setup } from 'xstate';

import {
  initialSmsCountdownContext,
  isRateLimited,
  SMS_COUNTDOWN_TIMING,
  SMS_RESEND_SECONDS,
  type SmsCountdownContext,
  type SmsCountdownEvent,
  type SmsSendFailure,
  type SmsSendInput,
  type SmsSent,
  toSmsFailure,
} from './sms-countdown.selectors';

export * from './sms-countdown.selectors';

/** A whole number of seconds, at least 1 (the server's numbers are trusted only that far). */
const seconds = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) && value >= 1 ? Math.ceil(value) : fallback;

export const smsCountdownMachine = setup({
  types: {
    context: {} as SmsCountdownContext,
    events: {} as SmsCountdownEvent,
    tags: {} as 'busy',
  },
  actors: {
    sendCode: fromPromise<SmsSent, SmsSendInput>(async () => ({ resendIn: SMS_RESEND_SECONDS })),
  },
  actions: {
    sent: (_, _params: { resendIn: number }) => {},
    blocked: (_, _params: { retryAfter: number; message?: string }) => {},
    failed: (_, _params: { failure: SmsSendFailure }) => {},
    decrement: assign({ remaining: ({ context }) => context.remaining - 1 }),
    reset: assign(() => initialSmsCountdownContext),
  },
  guards: {
    rateLimited: ({ event }) => isRateLimited((event as { error?: unknown }).error),
    moreThanOneLeft: ({ context }) => context.remaining > 1,
  },
  delays: { tick: SMS_COUNTDOWN_TIMING.tick },
}).createMachine({
  id: 'smsCountdown',
  initial: 'idle',
  context: initialSmsCountdownContext,
  states: {
    idle: {
      entry: 'reset',
      on: {
        'user.request': {
          target: 'verifying',
          actions: assign({ target: ({ event }) => ({ phone: event.phone, countryCode: event.countryCode }) }),
        },
      },
    },
    verifying: {
      tags: ['busy'],
      on: {
        'captcha.passed': 'sending',
        'captcha.cancel': 'idle',
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        input: ({ context, event }) => ({
          phone: context.target?.phone ?? '',
          countryCode: context.target?.countryCode ?? 1,
          ticket: event.type === 'captcha.passed' ? event.ticket : '',
          ...(event.type === 'captcha.passed' && event.randstr ? { randstr: event.randstr } : {}),
        }),
        onDone: {
          target: 'counting',
          actions: [
            assign({ remaining: ({ event }) => seconds(event.output?.resendIn, SMS_RESEND_SECONDS) }),
            { type: 'sent', params: ({ context }) => ({ resendIn: context.remaining }) },
          ],
        },
        onError: [
          {
            guard: 'rateLimited',
            target: 'blocked',
            actions: [
              assign({ remaining: ({ event }) => seconds((event.error as { retryAfter?: unknown }).retryAfter, 60) }),
              {
                type: 'blocked',
                params: ({ context, event }) => ({
                  retryAfter: context.remaining,
                  message: (event.error as { message?: string }).message,
                }),
              },
            ],
          },
          {
            target: 'idle',
            actions: { type: 'failed', params: ({ event }) => ({ failure: toSmsFailure(event.error) }) },
          },
        ],
      },
    },
    counting: {
      tags: ['busy'],
      after: {
        tick: [
          { guard: 'moreThanOneLeft', target: 'counting', reenter: true, actions: 'decrement' },
          { target: 'idle' },
        ],
      },
    },
    blocked: {
      tags: ['busy'],
      after: {
        tick: [
          { guard: 'moreThanOneLeft', target: 'blocked', reenter: true, actions: 'decrement' },
          { target: 'idle' },
        ],
      },
    },
  },
});
