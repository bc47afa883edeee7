import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { describePath, machinePaths } from '../testing/paths';
import { replayPath } from '../testing/replay';
import {
  initialSmsCountdownContext,
  isRateLimited,
  type SmsSendFailure,
  type SmsSendInput,
  type SmsSent,
  selectCanRequest,
  selectCaptchaOpen,
  selectRemaining,
  selectSmsPhase,
  smsCountdownMachine,
  toSmsFailure,
} from './sms-countdown.machine';
import { smsCountdownPathEvents, smsPathTarget as target } from './sms-countdown.testing';

/** A machine whose send effect answers as told, with spies on the notification actions. */
function setupActor(answer: (input: SmsSendInput) => Promise<SmsSent>) {
  const sent = vi.fn();
  const blocked = vi.fn();
  const failed = vi.fn();
  const inputs: SmsSendInput[] = [];
  const machine = smsCountdownMachine.provide({
    actors: {
      sendCode: fromPromise<SmsSent, SmsSendInput>(({ input }) => {
        inputs.push(input);
        return answer(input);
      }),
    },
    actions: {
      sent: (_, params) => sent(params),
      blocked: (_, params) => blocked(params),
      failed: (_, params) => failed(params),
    },
  });
  const actor = createActor(machine).start();
  return { actor, sent, blocked, failed, inputs };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('sms countdown machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens the captcha on a request, sends with the ticket, then counts 60 s down to idle', async () => {
    const { actor, sent, inputs } = setupActor(async () => ({ resendIn: 60 }));
    expect(selectCanRequest(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'user.request', ...target });
    expect(selectCaptchaOpen(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'captcha.passed', ticket: 'ticket-1' });
    expect(selectSmsPhase(actor.getSnapshot())).toBe('sending');
    await flush();
    expect(inputs).toEqual([{ ...target, ticket: 'ticket-1' }]);
    expect(sent).toHaveBeenCalledWith({ resendIn: 60 });
    expect(selectSmsPhase(actor.getSnapshot())).toBe('counting');
    expect(selectRemaining(actor.getSnapshot())).toBe(60);
    await vi.advanceTimersByTimeAsync(1000);
    expect(selectRemaining(actor.getSnapshot())).toBe(59);
    await vi.advanceTimersByTimeAsync(58_000);
    expect(selectRemaining(actor.getSnapshot())).toBe(1);
    expect(selectCanRequest(actor.getSnapshot())).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    expect(selectSmsPhase(actor.getSnapshot())).toBe('idle');
    expect(actor.getSnapshot().context).toEqual(initialSmsCountdownContext);
  });

  it('uses the resendIn of the server when it names another wait', async () => {
    const { actor } = setupActor(async () => ({ resendIn: 30 }));
    actor.send({ type: 'user.request', ...target });
    actor.send({ type: 'captcha.passed', ticket: 't' });
    await flush();
    expect(selectRemaining(actor.getSnapshot())).toBe(30);
  });

  it('goes back to idle when the captcha is cancelled, without sending', async () => {
    const { actor, inputs } = setupActor(async () => ({ resendIn: 60 }));
    actor.send({ type: 'user.request', ...target });
    actor.send({ type: 'captcha.cancel' });
    await flush();
    expect(selectSmsPhase(actor.getSnapshot())).toBe('idle');
    expect(inputs).toEqual([]);
  });

  it('blocks for the retryAfter of a 429 and counts it down', async () => {
    const failure: SmsSendFailure = { kind: 'rateLimited', retryAfter: 56, message: '操作过于频繁，请 56 秒后再试' };
    const { actor, blocked, failed } = setupActor(() => Promise.reject(failure));
    actor.send({ type: 'user.request', ...target });
    actor.send({ type: 'captcha.passed', ticket: 't' });
    await flush();
    expect(selectSmsPhase(actor.getSnapshot())).toBe('blocked');
    expect(selectRemaining(actor.getSnapshot())).toBe(56);
    expect(blocked).toHaveBeenCalledWith({ retryAfter: 56, message: failure.message });
    expect(failed).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(55_000);
    expect(selectRemaining(actor.getSnapshot())).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(selectSmsPhase(actor.getSnapshot())).toBe('idle');
  });

  it('reports any other failure and lets the visitor try again at once', async () => {
    const failure: SmsSendFailure = { kind: 'failed', code: 40005, message: '请先完成安全验证' };
    const { actor, failed } = setupActor(() => Promise.reject(failure));
    actor.send({ type: 'user.request', ...target });
    actor.send({ type: 'captcha.passed', ticket: 't' });
    await flush();
    expect(failed).toHaveBeenCalledWith({ failure });
    expect(selectCanRequest(actor.getSnapshot())).toBe(true);
  });

  it('treats a thrown Error as a failure without a server message', async () => {
    const { actor, failed } = setupActor(() => Promise.reject(new Error('network down')));
    actor.send({ type: 'user.request', ...target });
    actor.send({ type: 'captcha.passed', ticket: 't' });
    await flush();
    expect(failed).toHaveBeenCalledWith({ failure: { kind: 'failed' } });
  });

  it('ignores clicks while busy', async () => {
    const { actor, inputs } = setupActor(async () => ({ resendIn: 60 }));
    actor.send({ type: 'user.request', ...target });
    actor.send({ type: 'captcha.passed', ticket: 't' });
    await flush();
    actor.send({ type: 'user.request', ...target });
    actor.send({ type: 'captcha.passed', ticket: 'again' });
    await flush();
    expect(inputs).toHaveLength(1);
    expect(selectSmsPhase(actor.getSnapshot())).toBe('counting');
  });

  it('recognises only usable 429 failures', () => {
    expect(isRateLimited({ kind: 'rateLimited', retryAfter: 5 })).toBe(true);
    expect(isRateLimited({ kind: 'rateLimited', retryAfter: 0 })).toBe(false);
    expect(isRateLimited({ kind: 'rateLimited' })).toBe(false);
    expect(isRateLimited(null)).toBe(false);
    expect(toSmsFailure('boom')).toEqual({ kind: 'failed' });
  });
});

describe('sms countdown paths', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const paths = machinePaths(smsCountdownMachine, { events: smsCountdownPathEvents });

  it('has a path for every transition', () => {
    // idle 1, verifying 2, sending 3, counting(2) 1, counting(1) 1, blocked(2) 1, blocked(1) 1.
    expect(paths).toHaveLength(10);
    const reached = new Set(paths.map((path) => path.state.value));
    expect([...reached].sort()).toEqual(['blocked', 'counting', 'idle', 'sending', 'verifying']);
  });

  it.each(paths.map((path) => [describePath(path, smsCountdownMachine).join(' → '), path] as const))(
    'replays: %s',
    async (_name, path) => {
      let settle: { resolve: (value: SmsSent) => void; reject: (error: unknown) => void } | undefined;
      const { actor } = setupActor(
        () =>
          new Promise<SmsSent>((resolve, reject) => {
            settle = { resolve, reject };
          }),
      );
      await replayPath(path, smsCountdownMachine, {
        send: async (event) => {
          const e = event as { type: string; output?: unknown; error?: unknown };
          if (e.type === 'xstate.done.actor.sendCode') settle?.resolve(e.output as SmsSent);
          else if (e.type === 'xstate.error.actor.sendCode') settle?.reject(e.error);
          else actor.send(event as Parameters<typeof actor.send>[0]);
          await flush();
        },
        wait: (ms) => vi.advanceTimersByTimeAsync(ms).then(() => {}),
        check: (state) => {
          expect(actor.getSnapshot().value).toEqual(state.value);
          expect(actor.getSnapshot().context).toEqual(state.context);
        },
      });
    },
  );
});
