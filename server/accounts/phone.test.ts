// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { COUNTRY_VALUES } from '../../shared/contract/accounts';
import { COUNTRIES, internationalPhone, maskPhone, normalizePhone } from './phone';

describe('phone numbers', () => {
  it('knows the 18 countries of docs/product.md#data, without 11', () => {
    expect([...COUNTRIES.keys()]).toEqual(COUNTRY_VALUES);
    expect(normalizePhone(11, '13800138000')).toBeNull();
  });

  it('checks China strictly: 11 digits starting with 13-19', () => {
    expect(normalizePhone(1, '13800138000')).toBe('13800138000');
    expect(normalizePhone(1, '19912345678')).toBe('19912345678');
    for (const bad of ['12800138000', '1380013800', '138001380001', '0013800138000', '+8613800138000', ' 13800138000'])
      expect(normalizePhone(1, bad), bad).toBeNull();
  });

  it('checks other countries by length, dropping one trunk 0 where the country dials one', () => {
    expect(normalizePhone(19, '07400123456')).toBe('7400123456');
    expect(normalizePhone(19, '7400123456')).toBe('7400123456');
    expect(normalizePhone(19, '007400123456')).toBeNull();
    expect(normalizePhone(9, '2025550123')).toBe('2025550123');
    expect(normalizePhone(9, '1202555012')).toBeNull();
    expect(normalizePhone(7, '91234567')).toBe('91234567');
    expect(normalizePhone(7, '1234567')).toBeNull();
    expect(normalizePhone(15, '09012345678')).toBe('9012345678');
    expect(normalizePhone(17, '612345678')).toBe('612345678');
    expect(normalizePhone(17, '0612345678')).toBeNull();
    expect(normalizePhone(13, '015123456789')).toBe('15123456789');
  });

  it('takes only mobile numbers of the chosen country: no premium, shared-cost, toll-free, fixed-line or Caribbean number', () => {
    const refused: [number, string][] = [
      [13, '09001234567'], // Germany, premium 0900
      [19, '09012345678'], // UK, premium 09
      [18, '899123456'], // Italy, premium 899
      [12, '0899123456'], // France, premium 0899
      [17, '900123456'], // Spain, 900 (toll-free)
      [17, '803123456'], // Spain, premium 803
      [9, '9005550123'], // US 900
      [9, '8005550123'], // US toll-free
      [9, '8765550123'], // Jamaica under +1
      [9, '8095550123'], // Dominican Republic under +1
      [19, '07911123456'], // Guernsey under +44
      [19, '02071234567'], // London, fixed line
      [12, '0112345678'], // Paris, fixed line
      [1, '14012345678'], // China 140 (not a mobile range)
    ];
    for (const [country, phone] of refused) expect(normalizePhone(country, phone), `${country} ${phone}`).toBeNull();
    const taken: [number, string, string][] = [
      [1, '13800138000', '13800138000'],
      [9, '2025550123', '2025550123'], // the US: fixed line or mobile
      [9, '4165550123', '4165550123'], // Canada
      [13, '015112345678', '15112345678'],
      [12, '0612345678', '612345678'],
      [18, '3123456789', '3123456789'],
      [17, '612345678', '612345678'],
      [10, '5512345678', '5512345678'],
      [16, '01012345678', '1012345678'],
    ];
    for (const [country, phone, stored] of taken)
      expect(normalizePhone(country, phone), `${country} ${phone}`).toBe(stored);
  });

  it('masks and formats', () => {
    expect(maskPhone('13800138000')).toBe('138****8000');
    expect(maskPhone('7400123456')).toBe('740****3456');
    expect(maskPhone('91234567')).toBe('91****67');
    expect(internationalPhone(1, '13800138000')).toBe('+86 13800138000');
  });
});
