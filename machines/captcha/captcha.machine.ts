/**
 * The built-in slider captcha: the server draws a picture with a gap and a piece; the visitor
 * slides the piece into the gap; the server checks the position and answers with a one-time ticket.
 *
 * loading ──done──▶ ready ──user.submit {x}──▶ verifying ──done {ticket}──▶ passed (final, the `passed` action)
 * loading ──error──▶ unavailable ──user.refresh──▶ loading
 * ready ──user.refresh──▶ loading;  ready ──after lifetime (115 s)──▶ loading (notice: expired)
 * verifying ──error wrong (40008)──▶ rejected (the piece shakes) ──after shake (600 ms)──▶ loading (notice: failed)
 * verifying ──error expired (40009)──▶ loading (notice: expired)
 * verifying ──error (anything else)──▶ unavailable
 *
 * A puzzle is used up by any answer, so every failure fetches a new one. Effects are supplied with
 * `.provide()`: the `loadPuzzle` and `verify` actors (rejecting with a `CaptchaFailure`) and the `passed` action.
 */
import { assign, fromPromise, setup } from 'xstate';

import {
  CAPTCHA_TIMING,
  type CaptchaContext,
  type CaptchaEvent,
  type CaptchaPuzzle,
  failureKind,
  initialCaptchaContext,
  toProblem,
} from './captcha.selectors';

export * from './captcha.selectors';

export const captchaMachine = setup({
  types: { context: {} as CaptchaContext, events: {} as CaptchaEvent, output: {} as { ticket: string } },
  actors: {
    loadPuzzle: fromPromise<CaptchaPuzzle>(async () => {
      throw { kind: 'unavailable' };
    }),
    verify: fromPromise<{ ticket: string }, { captchaId: string; x: number }>(async () => {
      throw { kind: 'unavailable' };
    }),
  },
  actions: {
    passed: (_, _params: { ticket: string }) => {},
  },
  guards: {
    wrong: ({ event }) => failureKind((event as { error?: unknown }).error) === 'wrong',
    expired: ({ event }) => failureKind((event as { error?: unknown }).error) === 'expired',
  },
  delays: { lifetime: CAPTCHA_TIMING.lifetime, shake: CAPTCHA_TIMING.shake },
}).createMachine({
  id: 'captcha',
  initial: 'loading',
  context: initialCaptchaContext,
  output: ({ context }) => ({ ticket: context.ticket ?? '' }),
  states: {
    loading: {
      invoke: {
        id: 'loadPuzzle',
        src: 'loadPuzzle',
        onDone: { target: 'ready', actions: assign({ puzzle: ({ event }) => event.output, problem: null }) },
        onError: {
          target: 'unavailable',
          actions: assign({ puzzle: null, notice: null, problem: ({ event }) => toProblem(event.error) }),
        },
      },
    },
    ready: {
      after: { lifetime: { target: 'loading', actions: assign({ notice: 'expired' }) } },
      on: {
        'user.submit': 'verifying',
        'user.refresh': { target: 'loading', actions: assign({ notice: null }) },
      },
    },
    verifying: {
      invoke: {
        id: 'verify',
        src: 'verify',
        input: ({ context, event }) => ({
          captchaId: context.puzzle?.captchaId ?? '',
          x: event.type === 'user.submit' ? event.x : 0,
        }),
        onDone: {
          target: 'passed',
          actions: [
            assign({ ticket: ({ event }) => event.output.ticket, notice: null }),
            { type: 'passed', params: ({ event }) => ({ ticket: event.output.ticket }) },
          ],
        },
        onError: [
          { guard: 'wrong', target: 'rejected', actions: assign({ notice: 'failed' }) },
          { guard: 'expired', target: 'loading', actions: assign({ notice: 'expired' }) },
          {
            target: 'unavailable',
            actions: assign({ puzzle: null, notice: null, problem: ({ event }) => toProblem(event.error) }),
          },
        ],
      },
    },
    rejected: {
      after: { shake: 'loading' },
    },
    unavailable: {
      on: { 'user.refresh': { target: 'loading', actions: assign({ problem: null }) } },
    },
    passed: { type: 'final' },
  },
});
