// @vitest-environment node
import { parseOptions } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import {
  ARGON2_OPTIONS,
  checkPassword,
  dummyPasswordHash,
  hashPassword,
  passwordLength,
  verifyPassword,
} from './passwords';

describe('password policy', () => {
  it('allows 8 to 64 characters of any kind, counting characters rather than bytes or UTF-16 units', () => {
    expect(checkPassword('a'.repeat(7))).toBe('length');
    expect(checkPassword('zq8#kd!w')).toBeNull();
    expect(checkPassword('z'.repeat(64))).toBeNull();
    expect(checkPassword('z'.repeat(65))).toBe('length');
    expect(passwordLength('🔑🔑🔑🔑🔑🔑🔑🔑')).toBe(8);
    expect(checkPassword('🔑🔑🔑🔑🔑🔑🔑🔑')).toBeNull();
    expect(checkPassword('长城长城长城长城')).toBeNull();
    // No composition rules: all lower-case letters, all digits, spaces are fine when not common.
    expect(checkPassword('correct horse battery staple')).toBeNull();
    expect(checkPassword('73918264')).toBeNull();
  });

  it('refuses the 10,000 most common passwords, in any letter case', () => {
    for (const common of ['password', '12345678', 'iloveyou', 'qwertyuiop', 'Password1', 'FOOTBALL', 'a123456789'])
      expect(checkPassword(common), common).toBe('common');
  });
});

describe('argon2id hashing', () => {
  it('hashes with argon2id, 19 MiB, 2 passes, 1 lane, a fresh salt each time, and verifies', async () => {
    expect(ARGON2_OPTIONS).toMatchObject({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    const first = await hashPassword('zq8#kd!w');
    const second = await hashPassword('zq8#kd!w');
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(parseOptions(first)).toMatchObject({ memoryCost: 19_456, timeCost: 2, parallelism: 1, saltLen: 16 });
    expect(first).not.toBe(second);
    expect(await verifyPassword(first, 'zq8#kd!w')).toBe(true);
    expect(await verifyPassword(first, 'zq8#kd!W')).toBe(false);
    expect(await verifyPassword('not a hash', 'zq8#kd!w')).toBe(false);
  });

  it('has a dummy hash with the same parameters for phones without an account', async () => {
    const dummy = await dummyPasswordHash();
    expect(dummy).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await dummyPasswordHash()).toBe(dummy);
  });
});
