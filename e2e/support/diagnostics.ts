/** Collects what a page reports as broken: console errors (hydration mismatches, failed loads) and uncaught errors. */
import type { Page } from 'playwright-core';

export interface ErrorLog {
  list(): string[];
  clear(): void;
}

export function watchErrors(page: Page): ErrorLog {
  let entries: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const { url, lineNumber } = message.location();
    entries.push(`console.error: ${message.text()}${url ? ` (${url}${lineNumber ? `:${lineNumber}` : ''})` : ''}`);
  });
  page.on('pageerror', (error) => entries.push(`page error: ${error.message}`));
  return {
    list: () => [...entries],
    clear: () => {
      entries = [];
    },
  };
}
