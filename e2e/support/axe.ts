/**
 * axe-core (WCAG 2.0 / 2.1, levels A and AA) on what a page shows now. A failure lists each violation's rule,
 * what it means and the elements that break it.
 */
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export async function assertNoAxeViolations(page: Page, what: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const report = violations.map((violation) => {
    const nodes = violation.nodes
      .slice(0, 5)
      .map(
        (node) =>
          `      ${node.target.join(' ')}${node.failureSummary ? `\n        ${node.failureSummary.replace(/\n/g, '\n        ')}` : ''}`,
      );
    const more = violation.nodes.length > 5 ? [`      … and ${violation.nodes.length - 5} more`] : [];
    return [
      `  ${violation.id} (${violation.impact}): ${violation.help} — ${violation.helpUrl}`,
      ...nodes,
      ...more,
    ].join('\n');
  });
  assert.equal(violations.length, 0, `axe found ${violations.length} violation(s) on ${what}:\n${report.join('\n')}`);
}
