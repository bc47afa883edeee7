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
    expect(normalizePhone(19, '07911123456')).toBe('7911123456');
    expect(normalizePhone(19, '7911123456')).toBe('7911123456');
    expect(normalizePhone(19, '007911123456')).toBeNull();
    expect(normalizePhone(9, '2025550123')).toBe('2025550123');
    expect(normalizePhone(9, '1202555012')).toBeNull();
    expect(normalizePhone(7, '91234567')).toBe('91234567');
    expect(normalizePhone(7, '1234567')).toBeNull();
    expect(normalizePhone(15, '09012345678')).toBe('9012345678');
    expect(normalizePhone(17, '612345678')).toBe('612345678');
    expect(normalizePhone(17, '0612345678')).toBeNull();
    expect(normalizePhone(13, '1512345678')).toBe('1512345678');
  });

  it('masks and formats', () => {
    expect(maskPhone('13800138000')).toBe('138****8000');
    expect(maskPhone('7911123456')).toBe('791****3456');
    expect(maskPhone('91234567')).toBe('91****67');
    expect(internationalPhone(1, '13800138000')).toBe('+86 13800138000');
  });
});
