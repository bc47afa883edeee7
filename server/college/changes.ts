/**
 * What readers see of the college changed (a publish, an edit published, an unpublish, a scheduled publication): every
 * process drops the pages it cached (the college pages, section lists, search, sitemap, likes ranking) within a
 * second. `announce` runs after the change's transaction commits.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../db/database';
import { log } from '../ops/log';

export interface CollegeChanges {
  /** This process's listeners at once; the other processes' through the database (PostgreSQL NOTIFY). */
  announce(): Promise<void>;
  /** Runs `listener` on every change, this process's and the others'; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

/** The PostgreSQL channel every process listens on (its payload: the announcing process's id). */
export const COLLEGE_CHANNEL = 'college_changed';

function listenerSet() {
  const listeners = new Set<() => void>();
  return {
    run() {
      for (const listener of listeners) {
        try {
          listener();
        } catch (error) {
          log.warn({ err: error }, '[college] a change listener failed');
        }
      }
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** One process (PGlite, tests): the listeners of this process only. */
export function localCollegeChanges(): CollegeChanges {
  const listeners = listenerSet();
  return {
    async announce() {
      listeners.run();
    },
    subscribe: listeners.subscribe,
  };
}

/**
 * PostgreSQL: `announce` runs this process's listeners at once and sends `NOTIFY college_changed`; every process
 * listens (its own connection, `db.listen`) and runs its listeners on another process's notification. While the
 * listening connection is lost a change may be missed: losing it and listening again both count as a change.
 * `stop` ends the listening (the database's `close()` ends it too).
 */
export function postgresCollegeChanges(db: Database): CollegeChanges & { ready: Promise<void>; stop(): Promise<void> } {
  if (!db.listen) throw new Error('postgresCollegeChanges needs a database that can LISTEN');
  const listeners = listenerSet();
  const self = randomBytes(8).toString('hex');
  let listening = false;
  let resolveReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    resolveReady = resolve;
  });
  const stopping = db
    .listen(COLLEGE_CHANNEL, {
      notify: (payload) => {
        if (payload !== self) listeners.run();
      },
      up: () => {
        // Whatever changed while this process was not listening is dropped with the rest.
        if (listening) listeners.run();
        listening = true;
        resolveReady();
      },
      down: () => listeners.run(),
    })
    .catch((error) => {
      log.warn({ err: error }, '[college] not listening to college changes');
      resolveReady();
      return async () => {};
    });
  return {
    ready,
    async announce() {
      listeners.run();
      await db.query('select pg_notify($1, $2)', [COLLEGE_CHANNEL, self]);
    },
    subscribe: listeners.subscribe,
    async stop() {
      await (await stopping)();
    },
  };
}

/** The announcer for `db`: through PostgreSQL's NOTIFY when it can listen, else this process's only. */
export function collegeChangesFor(db: Database): CollegeChanges {
  return db.kind === 'postgres' && db.listen ? postgresCollegeChanges(db) : localCollegeChanges();
}
