// @vitest-environment node
/**
 * The compiled server holds production code only: none of the test doubles of server/testing/ (fake vendors,
 * harnesses, the captcha solver) and no test file. esbuild starts every module it bundles with a `// <path>`
 * comment, which is what this reads from a bundle built into a temporary folder.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleServer } from './bundle-server';

describe('the compiled server bundle', () => {
  const outDir = mkdtempSync(join(tmpdir(), 'bundle-server-'));
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('bundles the server from main.ts without the test doubles of server/testing/ or any test file', async () => {
    await bundleServer(outDir);
    const bundle = readFileSync(join(outDir, 'server/main.js'), 'utf8');
    const modules = [...bundle.matchAll(/^\/\/ (server\/\S+)$/gm)].map((match) => match[1]);
    // The comments are really there: the check below would pass on a bundle that named nothing.
    expect(modules).toEqual(
      expect.arrayContaining(['server/main.ts', 'server/app.ts', 'server/http/security-headers.ts']),
    );
    expect(modules.filter((path) => path.startsWith('server/testing/') || /\.test\.tsx?$/.test(path))).toEqual([]);
  }, 60_000);
});
