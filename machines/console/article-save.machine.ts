/**
 * The article editor's autosave (docs/decisions/047-college-publishing.md): every edit replaces the draft and
 * (re)starts a short wait; then the working copy is saved (PUT /console/api/articles/{id}). An edit made while a
 * save is on its way is saved after it. A failed save keeps the draft and says so: a refusal (a taken slug, a
 * picture that is not ours) waits for the next edit or a retry; no answer or a server error is tried again by
 * itself after a while. `draft.saveNow` skips the wait (before publishing).
 */
import { assign, fromPromise, setup } from 'xstate';
import {
  type ArticleSaveContext,
  type ArticleSaveEvent,
  type SaveFailure,
  transientFailure,
} from './article-save.selectors';

/** How long the editor waits after the last key before saving. */
export const AUTOSAVE_DEBOUNCE_MS = 800;
/** How long a save that got no answer (or a 5xx) waits before it is tried again. */
export const AUTOSAVE_RETRY_MS = 5000;

const failureOf = (error: unknown): SaveFailure => {
  const e = (error ?? {}) as Partial<SaveFailure>;
  return {
    status: typeof e.status === 'number' ? e.status : 0,
    code: typeof e.code === 'number' ? e.code : 0,
    message: typeof e.message === 'string' ? e.message : '',
    ...(typeof e.field === 'string' ? { field: e.field } : {}),
  };
};

export const articleSaveMachine = setup({
  types: {
    context: {} as ArticleSaveContext,
    events: {} as ArticleSaveEvent,
    input: {} as { draft: unknown; savedAt: string | null } | undefined,
  },
  actors: {
    /** Saves the draft; resolves with the server's time of the saved copy. */
    save: fromPromise<{ updatedAt: string }, { draft: unknown }>(async () => {
      throw new Error('save not provided');
    }),
  },
  delays: { debounce: AUTOSAVE_DEBOUNCE_MS, retryWait: AUTOSAVE_RETRY_MS },
  actions: {
    keepDraft: assign({ draft: ({ event }) => (event as Extract<ArticleSaveEvent, { type: 'draft.edit' }>).draft }),
  },
  guards: {
    editedMeanwhile: ({ context }) => context.pending,
    transient: ({ context }) => transientFailure(context.failure),
  },
}).createMachine({
  id: 'articleSave',
  context: ({ input }) => ({
    draft: input?.draft ?? null,
    pending: false,
    savedAt: input?.savedAt ?? null,
    failure: null,
  }),
  initial: 'saved',
  states: {
    saved: {
      on: { 'draft.edit': { target: 'waiting', actions: 'keepDraft' } },
    },
    waiting: {
      after: { debounce: { target: 'saving' } },
      on: {
        'draft.edit': { target: 'waiting', reenter: true, actions: 'keepDraft' },
        'draft.saveNow': { target: 'saving' },
      },
    },
    saving: {
      tags: ['busy'],
      entry: assign({ pending: false }),
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ draft: context.draft }),
        onDone: [
          {
            guard: 'editedMeanwhile',
            target: 'waiting',
            actions: assign({ savedAt: ({ event }) => event.output.updatedAt, failure: null }),
          },
          {
            target: 'saved',
            actions: assign({ savedAt: ({ event }) => event.output.updatedAt, failure: null }),
          },
        ],
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
      on: { 'draft.edit': { actions: ['keepDraft', assign({ pending: true })] } },
    },
    failed: {
      after: { retryWait: { guard: 'transient', target: 'saving' } },
      on: {
        'draft.edit': { target: 'waiting', actions: 'keepDraft' },
        'draft.saveNow': { target: 'saving' },
        'draft.retry': { target: 'saving' },
      },
    },
  },
});
