/**
 * Every server process runs this loop: each SCHEDULE_CHECK_MS it publishes the scheduled articles whose time has
 * come (server/college/publishing.ts `publishDue`: one atomic update per article, so each is published once however
 * many processes look, and a restart between scheduling and the time loses nothing: the schedule is in the database).
 * The time is the app's `now()`, so a test clock moves it.
 */
import { SCHEDULE_CHECK_MS } from '../../shared/contract/console-articles';
import { startWorkerLoop } from '../ops/worker-loop';
import { type PublishingDeps, publishDue } from './publishing';

export function startCollegeScheduler(deps: PublishingDeps, everyMs = SCHEDULE_CHECK_MS): () => void {
  return startWorkerLoop('college scheduler', () => publishDue(deps), everyMs);
}
