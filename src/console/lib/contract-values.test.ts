import { describe, expect, it } from 'vitest';
import {
  CONSOLE_API_PREFIX,
  CONSOLE_CODES,
  SIGNUP_SPLITS,
  SUPPORT_ROLES,
  WEBHOOK_EVENTS,
} from '#shared/contract/console';
import { ARTICLE_LANGS, ARTICLE_STATES, MEDIA_MAX_BYTES, MEDIA_TYPES } from '#shared/contract/console-articles';
import {
  API_PREFIX,
  ARTICLE_LANG_LIST,
  ARTICLE_STATE_LIST,
  MEDIA_LIMIT_BYTES,
  MEDIA_TYPE_LIST,
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
    expect([...ARTICLE_STATE_LIST]).toEqual([...ARTICLE_STATES]);
    expect([...ARTICLE_LANG_LIST]).toEqual([...ARTICLE_LANGS]);
    expect([...MEDIA_TYPE_LIST]).toEqual([...MEDIA_TYPES]);
    expect(MEDIA_LIMIT_BYTES).toBe(MEDIA_MAX_BYTES);
  });
});
