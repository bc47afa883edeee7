/**
 * `npm run admin -- <args>` in this process (its main function, as the control socket runs it inside a server):
 * its exit code and what it printed, on `db` when given (else it opens what `env` names: DATA_DIR, DATABASE_URL).
 *
 *   const made = await runAdmin(['backup', file], { db });
 *   expect(made.code, made.err).toBe(0);
 */
import { main } from '../admin/commands';
import type { Database } from '../db/database';

export async function runAdmin(args: string[], options: { db?: Database; env?: NodeJS.ProcessEnv } = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    db: options.db,
    env: options.env ?? {},
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}
