/** What the phone pages (./index.ts) are given. */

import type { Settings } from '../config/settings';
import type { Database } from '../db/database';
import type { MessagingProvider } from '../providers/messaging/types';

export interface PhonePagesDeps {
  db: Database;
  settings: Settings;
  now: () => Date;
  messaging: MessagingProvider;
  /** The app's own fetch: the simulator delivers its events to the webhook through it (no network). */
  appFetch: (request: Request, env?: unknown) => Response | Promise<Response>;
}
