import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import {
  initialScanView,
  pollIntervalMs,
  rateLimitWaitMs,
  type ScanLoginInput,
  type ScanView,
  scanLoginMachine,
  scanLoginState,
  selectPolling,
  selectScanView,
} from './scan-login.machine';
import {
  createFakeScanEffects,
  provideScanEffects,
  SAMPLE_NOW,
  sampleErrors,
  sampleForms,
  sampleQrCode,
  sampleQrCode2,
  sampleStatuses,
  sampleUserInfo,
} from './scan-login.testing';

/** Lets promise callbacks run without moving the fake clock. */
const flush = () => vi.advanceTimersByTimeAsync(0);
const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);

function start(input?: ScanLoginInput) {
  const effects = createFakeScanEffects();
  const actor = createActor(provideScanEffects(effects), input ? { input } : {}).start();
  const view = () => selectScanView(actor.getSnapshot());
  const state = () => scanLoginState(actor.getSnapshot().value);
  return { effects, actor, view, state };
}

/** A started machine showing sampleQrCode (visible, waiting, no poll yet). */
async function showing(input?: ScanLoginInput) {
  const t = start(input);
  t.effects.answerCreate(sampleQrCode);
  await flush();
  return t;
}

/** A started machine whose first poll has answered unbound (the choice). */
async function unbound() {
  const t = await showing();
  await advance(2000);
  t.effects.answerPoll(sampleStatuses.unbound);
  await flush();
  return t;
}

describe('scan-login machine', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(SAMPLE_NOW);
  });
  afterEach(() => vi.useRealTimers());

  describe('making a code', () => {
    it('creates a code at once and shows it waiting, with its expiry, not paused, not retrying', async () => {
      const { effects, view, state } = start();
      expect(state()).toBe('creating');
      expect(view()).toEqual({ kind: 'creating' });
      expect(effects.creates).toHaveLength(1);
      effects.answerCreate(sampleQrCode);
      await flush();
      expect(state()).toBe('waiting');
      expect(view()).toEqual({
        kind: 'waiting',
        qr: sampleQrCode,
        expiresAt: sampleQrCode.expiresAt,
        paused: false,
        retrying: false,
      });
    });

    it('shows the create error, and Reload makes a new code', async () => {
      const { effects, actor, view } = start();
      effects.failCreate(sampleErrors.rateLimited);
      await flush();
      expect(view()).toEqual({ kind: 'createFailed', error: sampleErrors.rateLimited });
      await advance(60_000);
      expect(effects.creates).toHaveLength(1);
      expect(effects.polls).toHaveLength(0);
      actor.send({ type: 'scan.reload' });
      expect(view()).toEqual({ kind: 'creating' });
      expect(effects.creates).toHaveLength(2);
      effects.answerCreate(sampleQrCode2);
      await flush();
      expect(view()).toMatchObject({ kind: 'waiting', qr: sampleQrCode2 });
    });

    it('fails harmlessly without effects: the defaults end in createFailed', async () => {
      const actor = createActor(scanLoginMachine).start();
      await flush();
      expect(scanLoginState(actor.getSnapshot().value)).toBe('createFailed');
    });
  });

  describe('polling', () => {
    it('polls the ticket every pollInterval, counted from the last answer', async () => {
      const { effects, view } = await showing();
      await advance(1999);
      expect(effects.polls).toHaveLength(0);
      await advance(1);
      expect(effects.polls.map((poll) => poll.input)).toEqual([{ ticket: sampleQrCode.ticket }]);
      expect(view()).toMatchObject({ kind: 'waiting', paused: false, retrying: false });
      // A slow answer: the next poll waits 2 s after it, never two at once.
      await advance(5000);
      expect(effects.polls).toHaveLength(1);
      effects.answerPoll(sampleStatuses.waiting);
      await flush();
      await advance(1999);
      expect(effects.polls).toHaveLength(1);
      await advance(1);
      expect(effects.polls).toHaveLength(2);
      effects.answerPoll(sampleStatuses.waiting);
      await flush();
      await advance(2000);
      expect(effects.polls).toHaveLength(3);
    });

    it('uses the pollInterval of the code', async () => {
      const { effects } = start();
      effects.answerCreate({ ...sampleQrCode, pollInterval: 5 });
      await flush();
      await advance(4999);
      expect(effects.polls).toHaveLength(0);
      await advance(1);
      expect(effects.polls).toHaveLength(1);
      expect(pollIntervalMs({ pollInterval: 0 })).toBe(2000);
      expect(pollIntervalMs(null)).toBe(2000);
    });

    it('shows scanned, keeps polling, and goes back to waiting when the phone says "not me"', async () => {
      const { effects, view, state } = await showing();
      await advance(2000);
      effects.answerPoll({ ...sampleStatuses.scanned, expiresAt: SAMPLE_NOW + 250_000 });
      await flush();
      expect(state()).toBe('scanned');
      expect(view()).toMatchObject({ kind: 'scanned', expiresAt: SAMPLE_NOW + 250_000, paused: false });
      await advance(2000);
      // While the next poll is under way the panel still says scanned.
      expect(state()).toBe('requesting');
      expect(view()).toMatchObject({ kind: 'scanned' });
      effects.answerPoll(sampleStatuses.waiting);
      await flush();
      expect(view()).toMatchObject({ kind: 'waiting', expiresAt: sampleQrCode.expiresAt });
    });

    it('logs in when the poll answers bound: completeLogin how=scan, once, and polling stops', async () => {
      const { effects, actor, view } = await showing();
      await advance(2000);
      effects.answerPoll(sampleStatuses.bound);
      await flush();
      expect(view()).toEqual({ kind: 'loggedIn', userInfo: sampleUserInfo });
      expect(effects.completed).toEqual([{ userInfo: sampleUserInfo, how: 'scan' }]);
      expect(actor.getSnapshot().status).toBe('done');
      expect(selectPolling(actor.getSnapshot())).toBe(false);
      await advance(60_000);
      expect(effects.polls).toHaveLength(1);
      expect(effects.completed).toHaveLength(1);
    });

    it.each([
      ['expired', sampleStatuses.expired, { kind: 'expired' }],
      ['banned', sampleStatuses.banned, { kind: 'banned' }],
      ['bindFailed', sampleStatuses.bindFailed, { kind: 'bindFailed', error: null }],
    ] as const)('stops polling in %s, and Reload makes and polls a new code', async (name, status, expected) => {
      const { effects, actor, view, state } = await showing();
      await advance(2000);
      effects.answerPoll(status);
      await flush();
      expect(state()).toBe(name);
      expect(view()).toEqual(expected);
      await advance(60_000);
      expect(effects.polls).toHaveLength(1);
      expect(effects.completed).toEqual([]);
      actor.send({ type: 'scan.reload' });
      expect(effects.creates).toHaveLength(2);
      effects.answerCreate(sampleQrCode2);
      await flush();
      await advance(2000);
      expect(effects.polls.at(-1)?.input).toEqual({ ticket: sampleQrCode2.ticket });
    });

    it('ends linked when a bind code bound the WeChat: completeLink once, no session, nothing polls', async () => {
      const { effects, actor, view, state } = await showing();
      await advance(2000);
      effects.answerPoll(sampleStatuses.scanned);
      await flush();
      await advance(2000);
      effects.answerPoll(sampleStatuses.linked);
      await flush();
      expect(state()).toBe('linked');
      expect(view()).toEqual({ kind: 'linked' });
      expect(effects.linked).toBe(1);
      expect(effects.completed).toEqual([]);
      expect(actor.getSnapshot().status).toBe('done');
      await advance(60_000);
      expect(effects.polls).toHaveLength(2);
      expect(effects.linked).toBe(1);
    });

    it('treats an unknown ticket (40020) or a gone code (40023) as expired', async () => {
      for (const error of [sampleErrors.unknownTicket, sampleErrors.expired]) {
        const { effects, state } = await showing();
        await advance(2000);
        effects.failPoll(error);
        await flush();
        expect(state()).toBe('expired');
      }
    });
  });

  describe('visibility', () => {
    it('pauses while hidden (no poll at all) and polls at once when shown again', async () => {
      const { effects, actor, view, state } = await showing();
      actor.send({ type: 'scan.visibility', visible: false });
      expect(state()).toBe('paused');
      expect(view()).toMatchObject({ kind: 'waiting', paused: true });
      await advance(60_000);
      expect(effects.polls).toHaveLength(0);
      actor.send({ type: 'scan.visibility', visible: true });
      expect(effects.polls).toHaveLength(1);
      expect(view()).toMatchObject({ kind: 'waiting', paused: false });
      effects.answerPoll(sampleStatuses.scanned);
      await flush();
      expect(state()).toBe('scanned');
      // Scanned pauses the same way, and says scanned while paused.
      actor.send({ type: 'scan.visibility', visible: false });
      expect(view()).toMatchObject({ kind: 'scanned', paused: true });
      await advance(10_000);
      expect(effects.polls).toHaveLength(1);
    });

    it('keeps a poll under way when the page is hidden (a bound answer still logs in)', async () => {
      const { effects, actor, view } = await showing();
      await advance(2000);
      actor.send({ type: 'scan.visibility', visible: false });
      expect(view()).toMatchObject({ kind: 'waiting', paused: true });
      effects.answerPoll(sampleStatuses.bound);
      await flush();
      expect(view()).toEqual({ kind: 'loggedIn', userInfo: sampleUserInfo });
      expect(effects.completed).toEqual([{ userInfo: sampleUserInfo, how: 'scan' }]);
    });

    it('after a poll answered while hidden, waits for the page to show before the next one', async () => {
      const { effects, actor, state } = await showing();
      await advance(2000);
      actor.send({ type: 'scan.visibility', visible: false });
      effects.answerPoll(sampleStatuses.scanned);
      await flush();
      expect(state()).toBe('paused');
      await advance(10_000);
      expect(effects.polls).toHaveLength(1);
      // Shown and hidden again while the poll was under way: it goes on as usual.
      actor.send({ type: 'scan.visibility', visible: true });
      expect(effects.polls).toHaveLength(2);
      actor.send({ type: 'scan.visibility', visible: false });
      actor.send({ type: 'scan.visibility', visible: true });
      effects.answerPoll(sampleStatuses.scanned);
      await flush();
      expect(state()).toBe('scanned');
    });

    it('starts paused when the page is hidden at start (input), and polls once shown', async () => {
      const { effects, actor, view } = await showing({ visible: false });
      expect(view()).toMatchObject({ kind: 'waiting', paused: true });
      await advance(10_000);
      expect(effects.polls).toHaveLength(0);
      actor.send({ type: 'scan.visibility', visible: true });
      expect(effects.polls).toHaveLength(1);
    });

    it('follows the visibility while the code is being made', async () => {
      const { effects, actor, state } = start();
      actor.send({ type: 'scan.visibility', visible: false });
      effects.answerCreate(sampleQrCode);
      await flush();
      expect(state()).toBe('paused');
    });
  });

  describe('failures while polling', () => {
    it('retries after a failed poll, saying so until a poll succeeds', async () => {
      const { effects, view, state } = await showing();
      await advance(2000);
      effects.failPoll(sampleErrors.network);
      await flush();
      expect(state()).toBe('retrying');
      expect(view()).toMatchObject({ kind: 'waiting', retrying: true, paused: false });
      await advance(2000);
      expect(effects.polls).toHaveLength(2);
      expect(view()).toMatchObject({ retrying: true });
      effects.failPoll(sampleErrors.server);
      await flush();
      await advance(2000);
      effects.answerPoll(sampleStatuses.waiting);
      await flush();
      expect(view()).toMatchObject({ kind: 'waiting', retrying: false });
    });

    it('a failed poll while hidden pauses; shown again, it polls at once', async () => {
      const { effects, actor, state, view } = await showing();
      await advance(2000);
      actor.send({ type: 'scan.visibility', visible: false });
      effects.failPoll(sampleErrors.network);
      await flush();
      expect(state()).toBe('paused');
      expect(view()).toMatchObject({ paused: true, retrying: true });
      actor.send({ type: 'scan.visibility', visible: true });
      expect(effects.polls).toHaveLength(2);
    });

    it('waits the Retry-After of a 429 before the next poll, even if the page is hidden and shown meanwhile', async () => {
      const { effects, actor, state, view } = await showing();
      await advance(2000);
      effects.failPoll({ ...sampleErrors.rateLimited, retryAfter: 7 });
      await flush();
      expect(state()).toBe('rateLimited');
      expect(view()).toMatchObject({ kind: 'waiting', retrying: true, paused: false });
      actor.send({ type: 'scan.visibility', visible: false });
      actor.send({ type: 'scan.visibility', visible: true });
      await advance(6999);
      expect(effects.polls).toHaveLength(1);
      await advance(1);
      expect(effects.polls).toHaveLength(2);
      expect(actor.getSnapshot().context.waitMs).toBe(0);
    });

    it('a 429 wait that ends while hidden pauses instead of polling', async () => {
      const { effects, actor, state } = await showing();
      await advance(2000);
      effects.failPoll(sampleErrors.rateLimited);
      await flush();
      actor.send({ type: 'scan.visibility', visible: false });
      await advance(3000);
      expect(state()).toBe('paused');
      expect(effects.polls).toHaveLength(1);
    });

    it('reads the wait of a 429 by shape (status or code 429, at least 1 s)', () => {
      expect(rateLimitWaitMs({ status: 429, retryAfter: 2.2 })).toBe(3000);
      expect(rateLimitWaitMs({ status: 200, code: 429 })).toBe(1000);
      expect(rateLimitWaitMs({ status: 429, retryAfter: -1 })).toBe(1000);
      expect(rateLimitWaitMs({ status: 500, retryAfter: 5 })).toBeUndefined();
      expect(rateLimitWaitMs(new Error('x'))).toBeUndefined();
      expect(rateLimitWaitMs(null)).toBeUndefined();
    });
  });

  describe('stale answers', () => {
    it('an answer for the old ticket after a reload does not touch the new code', async () => {
      const { effects, actor, view } = await showing();
      await advance(2000);
      const oldPoll = effects.polls[0];
      expect(oldPoll.input.ticket).toBe(sampleQrCode.ticket);
      actor.send({ type: 'scan.reload' });
      effects.answerCreate(sampleQrCode2);
      await flush();
      // The old poll answers late: neither its session nor its status is taken.
      oldPoll.resolve(sampleStatuses.bound);
      oldPoll.settled = true;
      await flush();
      expect(view()).toMatchObject({ kind: 'waiting', qr: sampleQrCode2, retrying: false });
      expect(effects.completed).toEqual([]);
      await advance(2000);
      expect(effects.polls.at(-1)?.input).toEqual({ ticket: sampleQrCode2.ticket });
      // A late failure of it is ignored as well.
      actor.send({ type: 'scan.reload' });
      effects.answerCreate(sampleQrCode);
      await flush();
      const second = effects.polls[1];
      second.reject(sampleErrors.expired);
      second.settled = true;
      await flush();
      expect(view()).toMatchObject({ kind: 'waiting', qr: sampleQrCode });
    });

    it('a reload during any polling state makes a new code', async () => {
      const { effects, actor, state } = await showing();
      for (const arrange of [() => {}, () => actor.send({ type: 'scan.visibility', visible: false })]) {
        arrange();
        actor.send({ type: 'scan.reload' });
        expect(state()).toBe('creating');
        effects.answerCreate(sampleQrCode);
        await flush();
      }
      expect(effects.creates).toHaveLength(3);
      expect(state()).toBe('waiting');
    });

    it('a reload proves the page is shown: the new code is polled even if the page was hidden meanwhile', async () => {
      const { effects, actor, state } = await showing();
      await advance(2000);
      actor.send({ type: 'scan.visibility', visible: false });
      expect(state()).toBe('requesting');
      actor.send({ type: 'scan.reload' });
      effects.answerCreate(sampleQrCode2);
      await flush();
      expect(state()).toBe('waiting');
      await advance(2000);
      expect(effects.polls.at(-1)?.input).toEqual({ ticket: sampleQrCode2.ticket });
    });
  });

  describe('unbound: bind or register', () => {
    it('offers the choice with the nickname and the new expiry, and stops polling', async () => {
      const { effects, view, actor } = await unbound();
      expect(view()).toEqual({
        kind: 'unbound',
        step: 'choose',
        submitting: false,
        error: null,
        expiresAt: sampleStatuses.unbound.expiresAt,
        nickname: '微信用户',
      });
      expect(selectPolling(actor.getSnapshot())).toBe(false);
      await advance(60_000);
      expect(effects.polls).toHaveLength(1);
    });

    it('opens the bind and register forms and goes back to the choice', async () => {
      const { actor, view } = await unbound();
      actor.send({ type: 'scan.bindNow' });
      expect(view()).toMatchObject({ kind: 'unbound', step: 'bind', submitting: false });
      actor.send({ type: 'scan.registerNow' });
      expect(view()).toMatchObject({ step: 'bind' });
      actor.send({ type: 'scan.back' });
      expect(view()).toMatchObject({ step: 'choose' });
      actor.send({ type: 'scan.registerNow' });
      expect(view()).toMatchObject({ step: 'register' });
      actor.send({ type: 'scan.back' });
      expect(view()).toMatchObject({ step: 'choose' });
    });

    it.each([['SMS code', sampleForms.bindWithCode]] as const)(
      'binds with a %s: sends ticket and form, then bindSuccess with how=bind',
      async (_, form) => {
        const { actor, effects, view } = await unbound();
        actor.send({ type: 'scan.bindNow' });
        // A register form cannot be sent from the bind form.
        actor.send({ type: 'scan.submit', form: sampleForms.register });
        expect(effects.submits).toHaveLength(0);
        actor.send({ type: 'scan.submit', form });
        expect(view()).toMatchObject({ kind: 'unbound', step: 'bind', submitting: true });
        expect(effects.submits.map((s) => s.input)).toEqual([{ ticket: sampleQrCode.ticket, form }]);
        // A second click while sending is ignored.
        actor.send({ type: 'scan.submit', form });
        expect(effects.submits).toHaveLength(1);
        effects.answerSubmit(sampleUserInfo);
        await flush();
        expect(view()).toEqual({ kind: 'bindSuccess', userInfo: sampleUserInfo });
        expect(effects.completed).toEqual([{ userInfo: sampleUserInfo, how: 'bind' }]);
        expect(actor.getSnapshot().status).toBe('done');
      },
    );

    it('registers: registerSuccess with how=register', async () => {
      const { actor, effects, view } = await unbound();
      actor.send({ type: 'scan.registerNow' });
      actor.send({ type: 'scan.submit', form: sampleForms.bindWithCode });
      expect(effects.submits).toHaveLength(0);
      actor.send({ type: 'scan.submit', form: sampleForms.register });
      expect(view()).toMatchObject({ step: 'register', submitting: true });
      expect(effects.submits[0].input).toEqual({ ticket: sampleQrCode.ticket, form: sampleForms.register });
      effects.answerSubmit(sampleUserInfo);
      await flush();
      expect(view()).toEqual({ kind: 'registerSuccess', userInfo: sampleUserInfo });
      expect(effects.completed).toEqual([{ userInfo: sampleUserInfo, how: 'register' }]);
    });

    it('shows other errors on the form it came from, and clears them on the next send or on back', async () => {
      const { actor, effects, view } = await unbound();
      actor.send({ type: 'scan.bindNow' });
      actor.send({ type: 'scan.submit', form: sampleForms.bindWithCode });
      effects.failSubmit(sampleErrors.wrongPassword);
      await flush();
      expect(view()).toMatchObject({ step: 'bind', submitting: false, error: sampleErrors.wrongPassword });
      actor.send({ type: 'scan.submit', form: sampleForms.bindWithCode });
      expect(view()).toMatchObject({ submitting: true, error: null });
      effects.failSubmit(sampleErrors.rateLimited);
      await flush();
      expect(view()).toMatchObject({ step: 'bind', error: sampleErrors.rateLimited });
      actor.send({ type: 'scan.back' });
      expect(view()).toMatchObject({ step: 'choose', error: null });
      actor.send({ type: 'scan.registerNow' });
      actor.send({ type: 'scan.submit', form: sampleForms.register });
      effects.failSubmit(sampleErrors.network);
      await flush();
      expect(view()).toMatchObject({ step: 'register', error: sampleErrors.network });
      expect(effects.completed).toEqual([]);
    });

    it.each([
      ['bindFailed', sampleErrors.bindFailed, { kind: 'bindFailed', error: sampleErrors.bindFailed }],
      ['expired', sampleErrors.expired, { kind: 'expired' }],
      ['expired', sampleErrors.unknownTicket, { kind: 'expired' }],
      ['banned', sampleErrors.banned, { kind: 'banned' }],
    ] as const)('a submit error can end in %s (%o), and Reload starts over', async (name, error, expected) => {
      const { actor, effects, view, state } = await unbound();
      actor.send({ type: 'scan.registerNow' });
      actor.send({ type: 'scan.submit', form: sampleForms.register });
      effects.failSubmit(error);
      await flush();
      expect(state()).toBe(name);
      expect(view()).toEqual(expected);
      expect(effects.completed).toEqual([]);
      actor.send({ type: 'scan.reload' });
      expect(view()).toEqual({ kind: 'creating' });
      effects.answerCreate(sampleQrCode2);
      await flush();
      expect(view()).toMatchObject({ kind: 'waiting', qr: sampleQrCode2, paused: false, retrying: false });
    });
  });

  describe('selectScanView', () => {
    it('gives the view the panel shows before the machine has loaded', () => {
      const fresh = createActor(scanLoginMachine).getSnapshot();
      expect(initialScanView).toEqual(selectScanView(fresh));
    });

    it('never shows a code it does not have', () => {
      const context = createActor(scanLoginMachine).getSnapshot().context;
      const view: ScanView = selectScanView({ value: { code: { polling: 'waiting' } }, context });
      expect(view).toEqual({ kind: 'creating' });
      expect(selectScanView({ value: 'loggedIn', context })).toEqual({ kind: 'expired' });
    });
  });
});
