// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The entries of a .po file: msgid and msgstr with continuation lines joined. */
function poEntries(text: string) {
  const entries: { id: string; str: string; context: string }[] = [];
  for (const block of text.split(/\n\s*\n/)) {
    let current: 'id' | 'str' | 'context' | null = null;
    const entry = { id: '', str: '', context: '' };
    for (const line of block.split('\n')) {
      const quoted = /"(.*)"\s*$/.exec(line)?.[1] ?? '';
      if (line.startsWith('msgctxt ')) {
        current = 'context';
        entry.context += quoted;
      } else if (line.startsWith('msgid ')) {
        current = 'id';
        entry.id += quoted;
      } else if (line.startsWith('msgstr ')) {
        current = 'str';
        entry.str += quoted;
      } else if (line.startsWith('"') && current) entry[current] += quoted;
      else if (!line.startsWith('#')) current = null;
    }
    if (entry.id) entries.push(entry);
  }
  return entries;
}

const dir = join(process.cwd(), 'locales/en');

describe('English catalogs', () => {
  const files = readdirSync(dir).filter((name) => name.endsWith('.po'));

  it('exist for every area', () => expect(files.length).toBeGreaterThan(0));

  it.each(files)('%s translates every message', (file) => {
    const missing = poEntries(readFileSync(join(dir, file), 'utf8'))
      .filter((entry) => entry.str.trim() === '')
      .map((entry) => entry.id);
    expect(missing).toEqual([]);
  });

  it('translates a message shared by several areas the same way everywhere (they merge into one catalog)', () => {
    const seen = new Map<string, { file: string; str: string }>();
    const conflicts: string[] = [];
    for (const file of files) {
      for (const entry of poEntries(readFileSync(join(dir, file), 'utf8'))) {
        const key = `${entry.context}\u0004${entry.id}`;
        const other = seen.get(key);
        if (other && other.str !== entry.str)
          conflicts.push(`${entry.id}: ${other.file} "${other.str}" vs ${file} "${entry.str}"`);
        seen.set(key, { file, str: entry.str });
      }
    }
    expect(conflicts).toEqual([]);
  });

  it.each(files)('%s keeps every placeholder of the source', (file) => {
    for (const entry of poEntries(readFileSync(join(dir, file), 'utf8'))) {
      const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();
      if (entry.str) expect(placeholders(entry.str), entry.id).toEqual(placeholders(entry.id));
    }
  });
});
