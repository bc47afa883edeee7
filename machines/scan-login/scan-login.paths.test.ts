/**
 * Every transition of the scan-login machine, generated from the machine itself (machines/testing/paths.ts),
 * replayed against an actor of the machine with the fake effects the app's tests use: after each step the actor
 * must be in the generated state with the same context and view, and each path must end in the view its end
 * state stands for (with completeLogin told how, once, when a login ended it).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { describePath, machinePaths } from '../testing/paths';
import { replayPath } from '../testing/replay';
import { scanLoginMachine } from './scan-login.machine';
import {
  type ScanLoginContext,
  type ScanLoginEvent,
  type ScanLoginState,
  type ScanViewKind,
  scanLoginState,
  selectScanView,
} from './scan-login.selectors';
import {
  createFakeScanEffects,
  provideScanEffects,
  SAMPLE_NOW,
  sampleUserInfo,
  scanLoginPathEvents,
} from './scan-login.testing';

const paths = machinePaths(scanLoginMachine, { events: scanLoginPathEvents });

/** The view each state shows (the polling states show the status polled last). */
const viewOfState: Record<ScanLoginState, ScanViewKind | 'status'> = {
  creating: 'creating',
  createFailed: 'createFailed',
  waiting: 'waiting',
  scanned: 'scanned',
  requesting: 'status',
  paused: 'status',
  retrying: 'status',
  rateLimited: 'status',
  unbound: 'unbound',
  bindForm: 'unbound',
  registerForm: 'unbound',
  submitting: 'unbound',
  loggedIn: 'loggedIn',
  bindSuccess: 'bindSuccess',
  registerSuccess: 'registerSuccess',
  linked: 'linked',
  expired: 'expired',
  bindFailed: 'bindFailed',
  banned: 'banned',
};

const howOf: Partial<Record<ScanLoginState, string>> = {
  loggedIn: 'scan',
  bindSuccess: 'bind',
  registerSuccess: 'register',
};

describe('scan-login paths', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(SAMPLE_NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('reach every state, and every situation of a shown code', () => {
    const reached = new Set(paths.map((path) => scanLoginState(path.state.value)));
    expect([...reached].sort()).toEqual(Object.keys(viewOfState).sort());
    // Waiting and scanned, each visible, paused, retrying (after a failure) and rate-limited.
    const situations = new Set(
      paths.map((path) => {
        const view = selectScanView(path.state as { value: unknown; context: ScanLoginContext });
        return view.kind === 'waiting' || view.kind === 'scanned'
          ? `${view.kind}${view.paused ? ' paused' : ''}${view.retrying ? ' retrying' : ''}`
          : view.kind;
      }),
    );
    for (const kind of ['waiting', 'scanned']) {
      for (const suffix of ['', ' paused', ' retrying', ' paused retrying']) {
        expect(situations, `${kind}${suffix}`).toContain(`${kind}${suffix}`);
      }
    }
    expect(paths.length).toBe(173);
  });

  it.each(paths.map((path) => [describePath(path, scanLoginMachine).join(' → '), path] as const))(
    'replays: %s',
    async (_name, path) => {
      const effects = createFakeScanEffects();
      const actor = createActor(provideScanEffects(effects)).start();
      await replayPath(path, scanLoginMachine, {
        send: async (event) => {
          if (!effects.settle(event)) actor.send(event as ScanLoginEvent);
          await vi.advanceTimersByTimeAsync(0);
        },
        wait: (ms) => vi.advanceTimersByTimeAsync(ms).then(() => {}),
        check: (state) => {
          const snapshot = actor.getSnapshot();
          expect(snapshot.value).toEqual(state.value);
          expect(snapshot.context).toEqual(state.context);
          expect(selectScanView(snapshot)).toEqual(
            selectScanView(state as { value: unknown; context: ScanLoginContext }),
          );
        },
      });

      // The end: the view its state stands for, and completeLogin only (and once) for a login.
      const end = scanLoginState(path.state.value);
      const view = selectScanView(actor.getSnapshot());
      const expected = viewOfState[end];
      if (expected === 'status') expect(['waiting', 'scanned']).toContain(view.kind);
      else expect(view.kind).toBe(expected);
      if (view.kind === 'waiting' || view.kind === 'scanned') {
        expect(view.paused).toBe(end === 'paused' || !actor.getSnapshot().context.visible);
        if (end === 'retrying' || end === 'rateLimited') expect(view.retrying).toBe(true);
      }
      const how = howOf[end];
      expect(effects.completed).toEqual(how ? [{ userInfo: sampleUserInfo, how }] : []);
      // completeLink once for a bind code's `linked`, never otherwise.
      expect(effects.linked).toBe(end === 'linked' ? 1 : 0);
      // Nothing polls at the end of a path that left polling.
      if (!['waiting', 'scanned', 'requesting', 'retrying', 'rateLimited', 'paused', 'creating'].includes(end)) {
        const polls = effects.polls.length;
        await vi.advanceTimersByTimeAsync(60_000);
        expect(effects.polls).toHaveLength(polls);
      }
    },
  );
});
