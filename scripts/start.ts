/** `npm start`: builds when dist/ is missing or older than its inputs, then serves it. */
import { execFileSync } from 'node:child_process';
import { buildIsFresh } from './lib/build-stamp';

if (!buildIsFresh()) {
  console.log('Building the site (the build is missing or out of date)…');
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { stdio: 'inherit' });
}
await import('../server/main');
