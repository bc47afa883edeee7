import { describe, expect, it } from 'vitest';
import {
  CONSOLE_API_PREFIX,
  CONSOLE_CODES,
  SIGNUP_SPLITS,
  SUPPORT_ROLES,
  WEBHOOK_EVENTS,
} from '#shared/contract/console';
import {
  API_PREFIX,
  NEED_SIGN_IN,
  SPLITS,
  SUPPORT_ROLE_LIST,
  WEBHOOK_EVENT_LIST,
  WRONG_SIGN_IN,
} from './contract-values';

describe("the console client's copies of the contract's values", () => {
  it('match the contract', () => {
    expect(API_PREFIX).toBe(CONSOLE_API_PREFIX);
    expect(NEED_SIGN_IN).toBe(CONSOLE_CODES.needSignIn);
    expect(WRONG_SIGN_IN).toBe(CONSOLE_CODES.wrongSignIn);
    expect([...WEBHOOK_EVENT_LIST]).toEqual([...WEBHOOK_EVENTS]);
    expect([...SPLITS]).toEqual([...SIGNUP_SPLITS]);
    expect([...SUPPORT_ROLE_LIST]).toEqual([...SUPPORT_ROLES]);
  });
});
