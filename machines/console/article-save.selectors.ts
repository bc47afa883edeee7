/** Types of the article editor's autosave machine and what its status line reads (no text: the page words it). */

/** A refused or failed save: the server's status, business code, message and the field it named (data.field). */
export interface SaveFailure {
  status: number;
  code: number;
  message: string;
  field?: string;
}

export interface ArticleSaveContext {
  /** The latest edit of the working copy (what the next save sends; never dropped by a failed save). */
  draft: unknown;
  /** An edit arrived while a save was on its way: another save follows. */
  pending: boolean;
  /** The server's time of the last save that succeeded. */
  savedAt: string | null;
  /** The last save's failure, until a save succeeds. */
  failure: SaveFailure | null;
}

export type ArticleSaveEvent =
  | { type: 'draft.edit'; draft: unknown }
  | { type: 'draft.saveNow' }
  | { type: 'draft.retry' };

type ArticleSaveState = 'saved' | 'waiting' | 'saving' | 'failed';

export interface ArticleSaveView {
  state: ArticleSaveState;
  savedAt: string | null;
  failure: SaveFailure | null;
  /** Nothing waits to be saved (publishing may go ahead). */
  settled: boolean;
}

export function selectArticleSaveView(snapshot: { value: unknown; context: ArticleSaveContext }): ArticleSaveView {
  const state = snapshot.value as ArticleSaveState;
  return {
    state,
    savedAt: snapshot.context.savedAt,
    failure: state === 'failed' || state === 'waiting' ? snapshot.context.failure : null,
    settled: state === 'saved',
  };
}

/** A failure worth trying again by itself (no answer, or the server's own trouble); a refusal waits for an edit. */
export const transientFailure = (failure: SaveFailure | null) =>
  !!failure && (failure.status === 0 || failure.status >= 500 || failure.status === 429);
