import { describe, expect, it, vi } from 'vitest';
import { brandContents } from '../../shared/brand-contents';
import { FILLED_CONTENTS } from '../../shared/brand-contents.fixture';
import { logUnsetBrandContents } from './brand-contents-log';

describe('logUnsetBrandContents', () => {
  it('writes one line per brand naming its unset entries', () => {
    const logger = { info: vi.fn(), warn: vi.fn() };
    logUnsetBrandContents(logger, {
      starreach: brandContents.starreach,
      creatorbox: { ...FILLED_CONTENTS, email: null },
    });
    expect(logger.warn).toHaveBeenCalledTimes(2);
    const [starreach, creatorbox] = logger.warn.mock.calls;
    expect(starreach[0]).toMatchObject({ brand: 'starreach' });
    expect(starreach[1]).toMatch(/^Brand contents \(starreach\) still unset.*helpCenter\.main, .*testimonials/);
    expect(creatorbox[0]).toEqual({ brand: 'creatorbox', unset: ['email'] });
    expect(logger.info).not.toHaveBeenCalled();
  });

  it('says so when a brand has everything', () => {
    const logger = { info: vi.fn(), warn: vi.fn() };
    logUnsetBrandContents(logger, { starreach: FILLED_CONTENTS, creatorbox: FILLED_CONTENTS });
    expect(logger.warn).not.toHaveBeenCalled();
    expect(logger.info.mock.calls.map((call) => call[1])).toEqual([
      'Brand contents (starreach): all set.',
      'Brand contents (creatorbox): all set.',
    ]);
  });
});
