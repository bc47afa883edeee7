// @vitest-environment node
/**
 * The docs a newcomer reads first keep their shape: every decision record has a date and a status line and is
 * listed in docs/decisions/README.md.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const DECISIONS = join(ROOT, 'docs/decisions');

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
