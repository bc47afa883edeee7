/**
 * The closing line of `npm test`: the sum of every runner's own summary. Vitest writes a JSON report; Node's
 * test runner ends each run with `# pass N` / `# fail N` (TAP) or `ℹ pass N` (spec reporter), and one log may
 * hold several runs (the Chromium specs, then the three engines' journeys). A run that failed without a
 * summary, or whose summary shows no failure, counts one failure, so the line never reads lower than the runs.
 */

export interface RunResult {
  /** The runner's output (a log) or, for vitest, its JSON report; undefined when the file is missing. */
  output: string | undefined;
  exitCode: number;
}

export interface Totals {
  passed: number;
  failed: number;
}

const COUNT_LINE = /^(?:# |ℹ )(pass|fail|cancelled) (\d+)\s*$/gm;

/** Every summary a Node test runner log holds; cancelled tests (a timeout, a hook that threw) are failures. */
export function nodeRunnerTotals(log: string): Totals {
  const totals = { passed: 0, failed: 0 };
  for (const [, kind, count] of log.matchAll(COUNT_LINE)) {
    if (kind === 'pass') totals.passed += Number(count);
    else totals.failed += Number(count);
  }
  return totals;
}

export function vitestTotals(report: string): Totals {
  const json = JSON.parse(report) as { numPassedTests?: number; numFailedTests?: number; numFailedTestSuites?: number };
  // A file that fails to load is a failed suite with no failed test in it.
  return {
    passed: json.numPassedTests ?? 0,
    failed: Math.max(json.numFailedTests ?? 0, json.numFailedTestSuites ?? 0),
  };
}

function withExitCode(totals: Totals, exitCode: number): Totals {
  return exitCode !== 0 && totals.failed === 0 ? { ...totals, failed: 1 } : totals;
}

export function sumRuns(vitest: RunResult, logs: RunResult[]): Totals {
  const runs: Totals[] = [];
  let vitestRun: Totals = { passed: 0, failed: 0 };
  try {
    if (vitest.output !== undefined) vitestRun = vitestTotals(vitest.output);
  } catch {
    // An unreadable report counts through the exit code below.
  }
  runs.push(withExitCode(vitestRun, vitest.exitCode));
  for (const log of logs) runs.push(withExitCode(nodeRunnerTotals(log.output ?? ''), log.exitCode));
  return runs.reduce((sum, run) => ({ passed: sum.passed + run.passed, failed: sum.failed + run.failed }));
}

export const summaryLine = ({ passed, failed }: Totals) => `tests: ${passed} passed, ${failed} failed`;
