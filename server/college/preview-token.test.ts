// @vitest-environment node
/** The preview link's token: works until it expires, for its article only, signed with this install's secret. */
import { describe, expect, it } from 'vitest';
import { describeDatabases } from '../testing/databases';
import { previewSecret, signPreviewToken, verifyPreviewToken } from './preview-token';

const SECRET = 'k'.repeat(43);
const NOW = new Date('2026-11-21T12:00:00Z');
const LATER = new Date(NOW.getTime() + 24 * 3600_000);

describe('preview tokens', () => {
  it('names its article until it expires', () => {
    const token = signPreviewToken(1000001, LATER, SECRET);
    expect(token).toMatch(/^1000001\.\d+\.[\w-]{43}$/);
    expect(verifyPreviewToken(token, SECRET, NOW)).toEqual({ id: 1000001, expiresAt: LATER });
    expect(verifyPreviewToken(token, SECRET, new Date(LATER.getTime() - 1))?.id).toBe(1000001);
    expect(verifyPreviewToken(token, SECRET, LATER)).toBeNull();
  });

  it('refuses another secret, another article or expiry, a changed signature, and anything malformed', () => {
    const token = signPreviewToken(7, LATER, SECRET);
    const [id, expiry, signature] = token.split('.');
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    for (const forged of [
      `8.${expiry}.${signature}`,
      `${id}.${Number(expiry) + 1}.${signature}`,
      `${id}.${expiry}.${flipped}`,
      `${id}.${expiry}`,
      `${id}.${expiry}.${signature}.x`,
      `07.${expiry}.${signature}`,
      '',
      '../../etc/passwd',
      `${id}.${expiry}.${signature.slice(0, 20)}`,
      `${token}x`,
      token.replace('.', '0.'),
    ]) {
      expect(verifyPreviewToken(forged, SECRET, NOW), forged).toBeNull();
    }
    expect(verifyPreviewToken(token, 'another secret of the same length!!!!!!!!!!', NOW)).toBeNull();
    expect(verifyPreviewToken(token, 'other', NOW)).toBeNull();
  });
});

describeDatabases('the preview secret', (getDb) => {
  it('is made once and kept: every process (and caller at the same time) gets the same one', async () => {
    const db = getDb();
    const [a, b] = await Promise.all([previewSecret(db), previewSecret(db)]);
    expect(a).toBe(b);
    expect(a).toMatch(/^[\w-]{43}$/);
    expect(await previewSecret(db)).toBe(a);
  });
});
