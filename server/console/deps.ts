/** What the console's modules are given (server/console/app.ts builds it), and what a signed-in request carries. */
import type { OperatorRole } from '../../shared/contract/console';
import type { CollegeChanges } from '../college/changes';
import type { Settings } from '../config/settings';
import type { Database } from '../db/database';
import type { RateLimiter } from '../limits/rate-limiter';

export interface ConsoleDeps {
  db: Database;
  settings: Settings;
  now: () => Date;
  /** The console's own rate limiter (sign-in failures per name and per address). */
  limiter: RateLimiter;
  /** Announces a change readers see in the college (pages cached on every process are dropped). */
  collegeChanges?: CollegeChanges;
}

export interface SignedInOperator {
  id: number;
  name: string;
  role: OperatorRole;
}

/** Hono's environment of the console's routes: the session middleware sets both for every signed-in call. */
export interface ConsoleEnv {
  Variables: {
    operator: SignedInOperator;
    /** The client's address (through a trusted proxy, as the portal reads it). */
    address: string;
  };
}
