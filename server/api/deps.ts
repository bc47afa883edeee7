/**
 * What the API modules are given: the database, the settings and a clock (tests move it forward). The
 * accounts issue adds its providers (SMS, captcha) here.
 */
import type { Database } from '../db/database';
import type { Settings } from '../settings';

export interface ApiDeps {
  db: Database;
  settings: Settings;
  now: () => Date;
}
