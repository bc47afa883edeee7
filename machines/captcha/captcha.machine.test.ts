import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { describePath, machinePaths } from '../testing/paths';
import { replayPath } from '../testing/replay';
import {
  type CaptchaPuzzle,
  captchaMachine,
  selectCanDrag,
  selectCaptchaPhase,
  selectNotice,
  selectProblem,
  selectPuzzle,
} from './captcha.machine';
import { captchaPathEvents, fakePuzzle } from './captcha.testing';

type Deferred<T> = { resolve: (value: T) => void; reject: (error: unknown) => void };

/** A captcha whose effects wait until the test settles them. */
function setupActor() {
  const loads: Deferred<CaptchaPuzzle>[] = [];
  const verifies: (Deferred<{ ticket: string }> & { input: { captchaId: string; x: number } })[] = [];
  const passed = vi.fn();
  const machine = captchaMachine.provide({
    actors: {
      loadPuzzle: fromPromise<CaptchaPuzzle>(() => new Promise((resolve, reject) => loads.push({ resolve, reject }))),
      verify: fromPromise<{ ticket: string }, { captchaId: string; x: number }>(
        ({ input }) => new Promise((resolve, reject) => verifies.push({ resolve, reject, input })),
      ),
    },
    actions: { passed: (_, params) => passed(params) },
  });
  const actor = createActor(machine).start();
  return { actor, loads, verifies, passed };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('captcha machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('loads a puzzle, verifies the position and ends with the ticket', async () => {
    const { actor, loads, verifies, passed } = setupActor();
    expect(selectCaptchaPhase(actor.getSnapshot())).toBe('loading');
    loads[0].resolve(fakePuzzle);
    await flush();
    expect(selectCanDrag(actor.getSnapshot())).toBe(true);
    expect(selectPuzzle(actor.getSnapshot())).toEqual(fakePuzzle);
    actor.send({ type: 'user.submit', x: 131 });
    expect(verifies[0].input).toEqual({ captchaId: 'puzzle-1', x: 131 });
    verifies[0].resolve({ ticket: 'T1' });
    await flush();
    expect(selectCaptchaPhase(actor.getSnapshot())).toBe('passed');
    expect(passed).toHaveBeenCalledWith({ ticket: 'T1' });
    expect(actor.getSnapshot().output).toEqual({ ticket: 'T1' });
  });

  it('shakes after a wrong position, then fetches a fresh puzzle and says the try failed', async () => {
    const { actor, loads, verifies } = setupActor();
    loads[0].resolve(fakePuzzle);
    await flush();
    actor.send({ type: 'user.submit', x: 10 });
    verifies[0].reject({ kind: 'wrong' });
    await flush();
    expect(selectCaptchaPhase(actor.getSnapshot())).toBe('rejected');
    await vi.advanceTimersByTimeAsync(600);
    expect(selectCaptchaPhase(actor.getSnapshot())).toBe('loading');
    expect(loads).toHaveLength(2);
    loads[1].resolve({ ...fakePuzzle, captchaId: 'puzzle-2' });
    await flush();
    expect(selectNotice(actor.getSnapshot())).toBe('failed');
    expect(selectPuzzle(actor.getSnapshot())?.captchaId).toBe('puzzle-2');
  });

  it('fetches a new puzzle when the server says it expired, and before it expires', async () => {
    const { actor, loads, verifies } = setupActor();
    loads[0].resolve(fakePuzzle);
    await flush();
    actor.send({ type: 'user.submit', x: 10 });
    verifies[0].reject({ kind: 'expired' });
    await flush();
    expect(selectCaptchaPhase(actor.getSnapshot())).toBe('loading');
    expect(selectNotice(actor.getSnapshot())).toBe('expired');
    loads[1].resolve(fakePuzzle);
    await flush();
    await vi.advanceTimersByTimeAsync(114_999);
    expect(loads).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(loads).toHaveLength(3);
  });

  it('shows the problem when no puzzle can be had, and tries again on refresh', async () => {
    const { actor, loads } = setupActor();
    loads[0].reject({ kind: 'unavailable', message: '操作过于频繁，请 30 秒后再试', retryAfter: 30 });
    await flush();
    expect(selectCaptchaPhase(actor.getSnapshot())).toBe('unavailable');
    expect(selectProblem(actor.getSnapshot())).toEqual({
      kind: 'unavailable',
      message: '操作过于频繁，请 30 秒后再试',
      retryAfter: 30,
    });
    actor.send({ type: 'user.refresh' });
    expect(loads).toHaveLength(2);
    expect(selectProblem(actor.getSnapshot())).toBeNull();
  });

  it('ignores a submit while no puzzle waits for one', async () => {
    const { actor, verifies } = setupActor();
    actor.send({ type: 'user.submit', x: 10 });
    await flush();
    expect(verifies).toHaveLength(0);
  });
});

describe('captcha paths', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const paths = machinePaths(captchaMachine, { events: captchaPathEvents });

  it('reaches every state', () => {
    const reached = new Set(paths.map((path) => path.state.value));
    expect([...reached].sort()).toEqual(['loading', 'passed', 'ready', 'rejected', 'unavailable', 'verifying']);
  });

  it.each(paths.map((path) => [describePath(path, captchaMachine).join(' → '), path] as const))(
    'replays: %s',
    async (_name, path) => {
      const { actor, loads, verifies } = setupActor();
      await replayPath(path, captchaMachine, {
        send: async (event) => {
          const e = event as { type: string; output?: unknown; error?: unknown };
          if (e.type === 'xstate.done.actor.loadPuzzle') loads.at(-1)?.resolve(e.output as CaptchaPuzzle);
          else if (e.type === 'xstate.error.actor.loadPuzzle') loads.at(-1)?.reject(e.error);
          else if (e.type === 'xstate.done.actor.verify') verifies.at(-1)?.resolve(e.output as { ticket: string });
          else if (e.type === 'xstate.error.actor.verify') verifies.at(-1)?.reject(e.error);
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
