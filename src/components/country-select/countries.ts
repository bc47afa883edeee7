/**
 * The 18 supported countries (spec §3 "Country options", §9): the value the API takes as `countryCode` and the
 * dial code. Value 11 does not exist. China (1, +86) is the default.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export interface Country {
  value: number;
  dialCode: string;
  name: MessageDescriptor;
}

export const COUNTRIES: readonly Country[] = [
  { value: 1, dialCode: '86', name: msg`中国` },
  { value: 2, dialCode: '886', name: msg`中国台湾` },
  { value: 3, dialCode: '60', name: msg`马来西亚` },
  { value: 4, dialCode: '62', name: msg`印度尼西亚` },
  { value: 5, dialCode: '66', name: msg`泰国` },
  { value: 6, dialCode: '63', name: msg`菲律宾` },
  { value: 7, dialCode: '65', name: msg`新加坡` },
  { value: 8, dialCode: '84', name: msg`越南` },
  { value: 9, dialCode: '1', name: msg`美国` },
  { value: 10, dialCode: '52', name: msg`墨西哥` },
  { value: 12, dialCode: '33', name: msg`法国` },
  { value: 13, dialCode: '49', name: msg`德国` },
  { value: 14, dialCode: '55', name: msg`巴西` },
  { value: 15, dialCode: '81', name: msg`日本` },
  { value: 16, dialCode: '82', name: msg`韩国` },
  { value: 17, dialCode: '34', name: msg`西班牙` },
  { value: 18, dialCode: '39', name: msg`意大利` },
  { value: 19, dialCode: '44', name: msg`英国` },
];

export const DEFAULT_COUNTRY = 1;

export function countryByValue(value: number): Country | undefined {
  return COUNTRIES.find((country) => country.value === value);
}

/** The country a value names, or China when the value is not one of the 18 (e.g. 11 or a stale stored value). */
export function normalizeCountry(value: unknown): number {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && countryByValue(number) ? number : DEFAULT_COUNTRY;
}
