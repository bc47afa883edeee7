import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { AUTOSAVE_DEBOUNCE_MS, AUTOSAVE_RETRY_MS, articleSaveMachine } from './article-save.machine';
import { selectArticleSaveView } from './article-save.selectors';

type Save = { draft: unknown; resolve: (at: string) => void; reject: (error: unknown) => void };

function start() {
  const saves: Save[] = [];
  const actor = createActor(
    articleSaveMachine.provide({
      actors: {
        save: fromPromise<{ updatedAt: string }, { draft: unknown }>(
          ({ input }) =>
            new Promise((resolve, reject) =>
              saves.push({ draft: input.draft, resolve: (at) => resolve({ updatedAt: at }), reject }),
            ),
        ),
      },
    }),
    { input: { draft: { v: 0 }, savedAt: '2026-11-29T00:00:00.000Z' } },
  );
  actor.start();
  return { actor, saves, view: () => selectArticleSaveView(actor.getSnapshot()) };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('the article autosave', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('saves the last edit once the typing pauses', async () => {
    const { actor, saves, view } = start();
    actor.send({ type: 'draft.edit', draft: { v: 1 } });
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DEBOUNCE_MS - 100);
    actor.send({ type: 'draft.edit', draft: { v: 2 } });
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DEBOUNCE_MS - 100);
    expect(saves).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(100);
    expect(saves.map((s) => s.draft)).toEqual([{ v: 2 }]);
    expect(view().state).toBe('saving');
    saves[0]?.resolve('2026-11-29T01:00:00.000Z');
    await flush();
    expect(view()).toMatchObject({ state: 'saved', savedAt: '2026-11-29T01:00:00.000Z', settled: true });
  });

  it('saves an edit made during a save after it', async () => {
    const { actor, saves, view } = start();
    actor.send({ type: 'draft.edit', draft: { v: 1 } });
    actor.send({ type: 'draft.saveNow' });
    actor.send({ type: 'draft.edit', draft: { v: 2 } });
    saves[0]?.resolve('2026-11-29T01:00:00.000Z');
    await flush();
    expect(view().state).toBe('waiting');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DEBOUNCE_MS);
    expect(saves.map((s) => s.draft)).toEqual([{ v: 1 }, { v: 2 }]);
  });

  it('keeps the draft after a refusal and waits for an edit; no answer is tried again by itself', async () => {
    const { actor, saves, view } = start();
    actor.send({ type: 'draft.edit', draft: { v: 1 } });
    actor.send({ type: 'draft.saveNow' });
    saves[0]?.reject({ status: 409, code: 40140, message: 'slug 已被使用', field: 'slug' });
    await flush();
    expect(view()).toMatchObject({ state: 'failed', failure: { field: 'slug', message: 'slug 已被使用' } });
    await vi.advanceTimersByTimeAsync(AUTOSAVE_RETRY_MS * 2);
    expect(saves).toHaveLength(1);
    expect(actor.getSnapshot().context.draft).toEqual({ v: 1 });
    actor.send({ type: 'draft.edit', draft: { v: 2 } });
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DEBOUNCE_MS);
    saves[1]?.reject({ status: 0, code: 0, message: '' });
    await flush();
    expect(view().state).toBe('failed');
    await vi.advanceTimersByTimeAsync(AUTOSAVE_RETRY_MS);
    expect(saves.map((s) => s.draft)).toEqual([{ v: 1 }, { v: 2 }, { v: 2 }]);
    saves[2]?.resolve('2026-11-29T02:00:00.000Z');
    await flush();
    expect(view()).toMatchObject({ state: 'saved', failure: null });
  });
});
