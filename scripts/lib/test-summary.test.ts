import { describe, expect, it } from 'vitest';
import { nodeRunnerTotals, summaryLine, sumRuns } from './test-summary';

const tapRun = (pass: number, fail: number, cancelled = 0) =>
  [
    `ok 1 - something`,
    `1..${pass + fail}`,
    `# tests ${pass + fail + cancelled}`,
    '# suites 4',
    `# pass ${pass}`,
    `# fail ${fail}`,
    `# cancelled ${cancelled}`,
    '# skipped 0',
    '# todo 0',
    '# duration_ms 61234.5',
  ].join('\n');

const specRun = (pass: number, fail: number) =>
  [`ℹ tests ${pass + fail}`, `ℹ pass ${pass}`, `ℹ fail ${fail}`, 'ℹ cancelled 0', 'ℹ duration_ms 9'].join('\n');

const vitest = (passed: number, failed: number, failedFiles = 0) => ({
  output: JSON.stringify({ numPassedTests: passed, numFailedTests: failed, numFailedTestSuites: failedFiles }),
  exitCode: failed || failedFiles ? 1 : 0,
});

describe("npm test's closing line", () => {
  it('adds both browser runs of one log: the Chromium specs and the three engines journeys', () => {
    const log = `Server: …\n${tapRun(63, 0)}\nJourneys server: …\n${tapRun(65, 1)}\n`;
    expect(nodeRunnerTotals(log)).toEqual({ passed: 128, failed: 1 });
    const totals = sumRuns(vitest(900, 0), [
      { output: log, exitCode: 1 },
      { output: specRun(12, 0), exitCode: 0 },
    ]);
    expect(summaryLine(totals)).toBe('tests: 1040 passed, 1 failed');
  });

  it('counts cancelled tests as failed', () => {
    expect(nodeRunnerTotals(tapRun(5, 1, 2))).toEqual({ passed: 5, failed: 3 });
  });

  it('counts a run that failed without a summary, or with none failed in it, as one failure', () => {
    const totals = sumRuns({ output: undefined, exitCode: 1 }, [
      { output: 'Error: the build failed', exitCode: 1 },
      { output: tapRun(3, 0), exitCode: 1 },
      { output: undefined, exitCode: 0 },
    ]);
    expect(totals).toEqual({ passed: 3, failed: 3 });
  });

  it('counts a vitest file that did not load, and an unreadable report', () => {
    expect(sumRuns(vitest(10, 0, 2), [])).toEqual({ passed: 10, failed: 2 });
    expect(sumRuns({ output: '{"numPassed', exitCode: 1 }, [])).toEqual({ passed: 0, failed: 1 });
  });

  it('reads a clean run as it is', () => {
    expect(sumRuns(vitest(7, 0), [{ output: tapRun(2, 0), exitCode: 0 }])).toEqual({ passed: 9, failed: 0 });
  });
});
