/**
 * Passwords (OWASP ASVS 5 §6.2): 8 to 64 characters, no composition rules, none of the 10,000 most common
 * (case-insensitive), stored as argon2id with OWASP's minimum parameters. common-passwords.txt is the head of the
 * `passwords` frequency list of zxcvbn 4.4.2 (MIT), copied once so the server needs no package for it.
 */

import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type Algorithm, hash, verify } from '@node-rs/argon2';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;

/**
 * The production parameters. `algorithm` 2 is `Algorithm.Argon2id`: the package declares a `const enum`,
 * which does not exist at run time under isolated modules, so the value is written out.
 */
export const ARGON2_OPTIONS = {
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
  outputLen: 32,
};

let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter((line) => line !== ''),
  );
  return common;
}

/** Length in characters (code points), so a Chinese or emoji password counts as a person sees it. */
export function passwordLength(password: string): number {
  return [...password].length;
}

export type PasswordProblem = 'length' | 'common' | null;

export function checkPassword(password: string): PasswordProblem {
  const length = passwordLength(password);
  if (length < PASSWORD_MIN || length > PASSWORD_MAX) return 'length';
  if (commonPasswords().has(password.toLowerCase())) return 'common';
  return null;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/**
 * The `password_hash` of an account that has no password (created by a code login, issue 34): no password
 * matches it. Set one with the reset or the account page.
 */
export const NO_PASSWORD = 'none';

/** Whether the account has a password (its hash is not `NO_PASSWORD`). */
export function hasPassword(user: { password_hash: string }): boolean {
  return user.password_hash !== NO_PASSWORD;
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  if (passwordHash === NO_PASSWORD) {
    // The same argon2id work as a real check, so a passwordless account is not told apart by the time taken.
    await verifyPassword(await dummyPasswordHash(), password);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;

/**
 * A hash of a random password with the production parameters. A login for a phone that has no account is
 * verified against it, so it costs the same time as a wrong password for a real account.
 */
export function dummyPasswordHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString('base64url'));
  return dummy;
}
