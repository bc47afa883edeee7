/**
 * The catalogs in locales/ are what `npm run messages:extract` writes: the test runs the same extraction into a
 * copy of locales/ and fails on any difference (a message added, changed or removed in the code without
 * extracting). The build itself fails on a missing English translation or a message that does not compile
 * (`failOnMissing` and `failOnCompileError` in vite.config.ts).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');

function poFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.po'))
    .sort();
}

describe('message catalogs', () => {
  it('are what `npm run messages:extract` writes', { timeout: 180_000 }, () => {
    const work = mkdtempSync(join(tmpdir(), 'catalogs-'));
    let configFile = '';
    try {
      cpSync(join(ROOT, 'locales'), join(work, 'locales'), { recursive: true });
      // The project's config, with its rootDir kept and its catalogs written into the copy.
      const config = readFileSync(join(ROOT, 'lingui.config.ts'), 'utf8')
        .replace('defineConfig({', `defineConfig({\n  rootDir: ${JSON.stringify(ROOT)},`)
        .replace('`<rootDir>/locales/', `\`${join(work, 'locales')}/`);
      expect(config).toContain(join(work, 'locales'));
      // The config must resolve the project's packages, so it lives under node_modules rather than in `work`.
      const configDir = mkdtempSync(join(ROOT, 'node_modules/.cache-catalogs-'));
      configFile = join(configDir, 'lingui.config.ts');
      writeFileSync(configFile, config);
      execFileSync(
        process.execPath,
        [join(ROOT, 'node_modules/@lingui/cli/dist/lingui.js'), 'extract', '--clean', '--config', configFile],
        { cwd: ROOT, stdio: 'pipe' },
      );
      const committed = poFiles(join(ROOT, 'locales'));
      expect(poFiles(join(work, 'locales'))).toEqual(committed);
      for (const file of committed) {
        expect(readFileSync(join(work, 'locales', file), 'utf8'), `locales/${file}`).toBe(
          readFileSync(join(ROOT, 'locales', file), 'utf8'),
        );
      }
    } finally {
      rmSync(work, { recursive: true, force: true });
      if (configFile) rmSync(join(configFile, '..'), { recursive: true, force: true });
    }
  });
});
