/**
 * Prints `npm test`'s closing line (scripts/lib/test-summary.ts sums the runs).
 * Usage: tsx scripts/test-summary.ts <vitest.json>:<exit code> <log>:<exit code>...
 */
import { existsSync, readFileSync } from 'node:fs';
import { type RunResult, summaryLine, sumRuns } from './lib/test-summary';

const runs: RunResult[] = process.argv.slice(2).map((argument) => {
  const at = argument.lastIndexOf(':');
  const file = argument.slice(0, at);
  return {
    output: existsSync(file) ? readFileSync(file, 'utf8') : undefined,
    exitCode: Number(argument.slice(at + 1)),
  };
});
const [vitest, ...logs] = runs;
if (!vitest) throw new Error('Usage: tsx scripts/test-summary.ts <vitest.json>:<code> <log>:<code>...');
console.log(`\n${summaryLine(sumRuns(vitest, logs))}`);
