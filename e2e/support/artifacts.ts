/** Screenshots of failed tests go to e2e/artifacts/ (ignored by git), named after the test. */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

export const ARTIFACTS_DIR = join(dirname(fileURLToPath(import.meta.url)), '../artifacts');

export function artifactName(testName: string): string {
  return (
    testName
      .normalize('NFKD')
      .replace(/[^\w.-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 120) || 'test'
  );
}

export async function saveFailureScreenshot(page: Page, testName: string): Promise<string | undefined> {
  if (page.isClosed()) return undefined;
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const path = join(ARTIFACTS_DIR, `${artifactName(testName)}.png`);
  try {
    await page.screenshot({ path, fullPage: true, timeout: 5000 });
    console.log(`# screenshot of the failure: ${path}`);
    return path;
  } catch {
    return undefined;
  }
}
