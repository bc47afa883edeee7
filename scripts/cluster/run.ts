/**
 * `npm run test:cluster`: builds into the test build folder when it is stale (as the browser tests do), then
 * runs the cluster, crash, shutdown and rolling-restart tests with Node's test runner, one file after the other,
 * ending with its `ℹ pass N` / `ℹ fail N` summary (scripts/test-all.sh adds them to the closing count). Bounded:
 * the whole run is stopped after CLUSTER_TIMEOUT_SECONDS (default 600).
 */
import { spawn } from 'node:child_process';
import { buildIfStale } from '../../e2e/support/portal-server';
import { CLUSTER_DIST, PROJECT_ROOT } from './server';

const files = process.argv.slice(2).length
  ? process.argv.slice(2)
  : [
      'scripts/cluster/cluster-test.ts',
      'scripts/cluster/crash-test.ts',
      'scripts/cluster/shutdown-test.ts',
      'scripts/cluster/rolling-test.ts',
      'scripts/cluster/backup-test.ts',
    ];
await buildIfStale(CLUSTER_DIST);
const child = spawn(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-reporter=spec', '--test-concurrency=1', ...files],
  { cwd: PROJECT_ROOT, stdio: 'inherit', env: { ...process.env, CLUSTER_DIST } },
);
const limit = Number(process.env.CLUSTER_TIMEOUT_SECONDS ?? 600);
const timer = setTimeout(() => {
  console.error(`# The cluster tests ran longer than ${limit} s: stopped.`);
  child.kill('SIGTERM');
}, limit * 1000);
child.once('exit', (code, signal) => {
  clearTimeout(timer);
  process.exit(code ?? (signal ? 1 : 0));
});
