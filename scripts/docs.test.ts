// @vitest-environment node
/**
 * The docs a newcomer reads first keep their shape: the README stays a front door (at most 150 lines and 10 kB,
 * no padded tables, every link resolves); every decision record has a date and a status line and is listed in
 * docs/decisions/README.md; no page under docs/ links to a file that does not exist or names an issue number.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../server/limits/rules';
import { CODES } from '../shared/contract/codes';
import { COUNTRY_TABLE } from '../shared/countries';
import { withApiTables } from './lib/api-tables';
import { settingsPage } from './lib/settings-page';

const ROOT = join(import.meta.dirname, '..');
const DECISIONS = join(ROOT, 'docs/decisions');

/** The relative link targets of a Markdown file (no external links, no pure anchors). */
function localLinks(text: string): string[] {
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1].split('#')[0])
    .filter((target) => target && !/^[a-z]+:/.test(target));
}

describe('the README', () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');

  it('fits on a screen or two: at most 150 lines and 10 kB, no line over 120 characters', () => {
    const lines = readme.split('\n');
    expect(lines.length).toBeLessThanOrEqual(150);
    expect(Buffer.byteLength(readme)).toBeLessThanOrEqual(10 * 1024);
    expect(lines.filter((line) => line.length > 120)).toEqual([]);
  });

  it('has no table padded with runs of spaces', () => {
    expect(readme.split('\n').filter((line) => line.startsWith('|') && / {3,}/.test(line))).toEqual([]);
  });

  it('links only to files that exist', () => {
    for (const target of localLinks(readme)) expect(existsSync(join(ROOT, target)), target).toBe(true);
  });
});

describe('docs/', () => {
  it("say what, never the tracker's issue numbers (a clone cannot look them up)", () => {
    const pages = [
      'README.md',
      ...readdirSync(join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
        .filter((name) => name.endsWith('.md'))
        .map((name) => `docs/${name}`),
    ];
    const found = pages.flatMap((page) =>
      readFileSync(join(ROOT, page), 'utf8')
        .split('\n')
        .flatMap((line, index) => (/\bissues? #?\d+/i.test(line) ? [`${page}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });

  it('links only to files that exist', () => {
    const pages = readdirSync(join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' }).filter((name) =>
      name.endsWith('.md'),
    );
    for (const page of pages) {
      const text = readFileSync(join(ROOT, 'docs', page), 'utf8');
      for (const target of localLinks(text)) {
        expect(existsSync(join(ROOT, 'docs', dirname(page), target)), `${page} → ${target}`).toBe(true);
      }
    }
  });
});

/** Every source file of the project (code, tests, SQL, scripts, deployment files), relative to the root. */
function sourceFiles(): string[] {
  const skip = new Set(['node_modules', 'docs', '.git', 'data', 'screenshots', 'public', 'locales', 'content']);
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      const path = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!skip.has(entry.name) && !entry.name.startsWith('dist') && !path.startsWith('e2e/artifacts')) walk(path);
      } else if (/\.(ts|tsx|mjs|js|sh|sql|ya?ml|conf)$|^Dockerfile$/.test(entry.name)) files.push(path);
    }
  };
  walk('');
  return files;
}

describe('comments', () => {
  it("name decision records, never the tracker's issue numbers (a clone cannot look them up)", () => {
    const found = sourceFiles().flatMap((file) =>
      readFileSync(join(ROOT, file), 'utf8')
        .split('\n')
        .flatMap((line, index) => (/\bissues? \d+/i.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });
});

describe('docs/settings.md', () => {
  it('is what the settings schema produces (run `npm run docs:settings` after changing a setting)', () => {
    expect(readFileSync(join(ROOT, 'docs/settings.md'), 'utf8')).toBe(settingsPage());
  });
});

describe('docs/api.md', () => {
  const page = readFileSync(join(ROOT, 'docs/api.md'), 'utf8');

  it('has the limits, countries and business codes the code has (run `npm run docs:api` after changing them)', () => {
    expect(page).toBe(withApiTables(page));
  });

  it('names every rate limit and every country in its generated tables', () => {
    for (const rate of Object.values(LIMITS)) expect(page).toContain(`| ${rate.about} |`);
    for (const country of COUNTRY_TABLE)
      expect(page).toContain(`| ${country.value} | ${country.name} | +${country.dial} |`);
    for (const code of Object.values(CODES)) expect(page).toMatch(new RegExp(`^\\| \\d{3} \\| ${code} \\|`, 'm'));
  });

  it('is caught stale: a page that lost a limit (the likes, say) is written again with it', () => {
    const likes = page.split('\n').find((line) => line.startsWith(`| ${LIMITS.likesPerIp.about} |`));
    expect(likes).toBeDefined();
    const stale = page.replace(`${likes}\n`, '');
    expect(withApiTables(stale)).not.toBe(stale);
    expect(withApiTables(stale)).toBe(page);
  });
});

describe('decision records', () => {
  const records = readdirSync(DECISIONS).filter((name) => /^\d{3}-.+\.md$/.test(name) && !name.startsWith('000-'));
  const index = readFileSync(join(DECISIONS, 'README.md'), 'utf8');

  it('each opens with its number and title, then a date and a status', () => {
    for (const name of records) {
      const [title, blank, meta] = readFileSync(join(DECISIONS, name), 'utf8').split('\n');
      expect(title, name).toMatch(new RegExp(`^# ${name.slice(0, 3)}\\. \\S`));
      expect(blank, name).toBe('');
      expect(meta, name).toMatch(/^Date: \d{4}-\d{2}-\d{2} · Status: (proposed|accepted|superseded by \d{3})$/);
    }
  });

  it('each is listed in the index', () => {
    for (const name of records) expect(index, name).toContain(`(${name})`);
  });
});
