/**
 * What readers see of the college changed (a publish, an edit published, an unpublish, a scheduled publication): every
 * process drops the pages it cached (the college pages, section lists, search, sitemap, likes ranking) within a
 * second. `announce` runs after the change's transaction commits.
 */
export interface CollegeChanges {
  /** This process's listeners at once; the other processes' through the database (PostgreSQL NOTIFY). */
  announce(): Promise<void>;
  /** Runs `listener` on every change, this process's and the others'; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

/** One process (PGlite, tests): the listeners of this process only. */
export function localCollegeChanges(): CollegeChanges {
  const listeners = new Set<() => void>();
  return {
    async announce() {
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
