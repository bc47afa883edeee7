// @vitest-environment node
/**
 * The folder map (docs/architecture.md's "Folders" table) names every folder of the areas a reader looks for
 * first, and nothing that no longer exists: a new folder fails this test until the map says what it is. The
 * server/ root keeps only the app and its entry. The README's one-line-per-folder map names every top-level folder.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const AREAS = ['machines', 'shared', 'server', 'src/features', 'src/components'];

/** The cells of the Folders table's row for `area`, as one string. */
function rowOf(readme: string, area: string): string {
  const section = readme.slice(readme.indexOf('## Folders'), readme.indexOf('\n## ', readme.indexOf('## Folders') + 1));
  const row = section.split('\n').find((line) => new RegExp(`^\\|\\s*\`${area}/\`\\s*\\|`).test(line));
  if (!row) throw new Error(`The folder map has no row for ${area}/`);
  return row;
}

/** `name/` for every backticked folder name in a row, except the row's own path (the first cell). */
function listedFolders(row: string): string[] {
  const text = row.slice(row.indexOf('|', 1) + 1);
  return [...text.matchAll(/`([\w.-]+)\/`/g)].map((match) => match[1]);
}

const folders = (area: string) =>
  readdirSync(join(ROOT, area), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

describe('the folder map', () => {
  const readme = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');

  for (const area of AREAS) {
    it(`names every folder of ${area}/ and only folders that exist`, () => {
      const listed = listedFolders(rowOf(readme, area));
      expect(folders(area).filter((name) => !listed.includes(name))).toEqual([]);
      // A name the row mentions in backticks must be one of the area's folders (or of one of its folders).
      const known = new Set(folders(area).flatMap((name) => [name, ...folders(join(area, name))]));
      expect(listed.filter((name) => !known.has(name))).toEqual([]);
    });
  }
});

describe('the server/ root', () => {
  const ROOT_FILES = ['app.ts', 'main.ts'];

  it('holds only the app and its entry: everything else lives in a named folder', () => {
    const loose = readdirSync(join(ROOT, 'server'), { withFileTypes: true })
      .filter((entry) => entry.isFile() && !entry.name.endsWith('.test.ts'))
      .map((entry) => entry.name);
    expect(loose.filter((name) => !ROOT_FILES.includes(name))).toEqual([]);
  });
});

describe("the README's folder map", () => {
  it('names every top-level folder of the project', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const map = readme.slice(readme.indexOf('## Folders'), readme.indexOf('\n## ', readme.indexOf('## Folders') + 1));
    const topLevel = readdirSync(ROOT, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
      .map((entry) => entry.name)
      .filter((name) => !['node_modules', 'data', 'screenshots'].includes(name) && !name.startsWith('dist'));
    expect(topLevel.filter((name) => !map.includes(`- \`${name}/\``))).toEqual([]);
  });
});
