/**
 * The names the page gives the supported countries (the countries and their dial codes: shared/countries.ts).
 * A `Record` over the country values, so a country added to the shared table cannot compile until it has a name.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { COUNTRY_TABLE, type CountryValue, DEFAULT_COUNTRY as SHARED_DEFAULT } from '../../../shared/countries';

/** Forms keep the country as a plain number (what the select reports and the API takes). */
export const DEFAULT_COUNTRY: number = SHARED_DEFAULT;

export interface Country {
  value: CountryValue;
  dialCode: string;
  name: MessageDescriptor;
}

const NAMES: Record<CountryValue, MessageDescriptor> = {
  1: msg`中国`,
  2: msg`中国台湾`,
  3: msg`马来西亚`,
  4: msg`印度尼西亚`,
  5: msg`泰国`,
  6: msg`菲律宾`,
  7: msg`新加坡`,
  8: msg`越南`,
  9: msg`美国`,
  10: msg`墨西哥`,
  12: msg`法国`,
  13: msg`德国`,
  14: msg`巴西`,
  15: msg`日本`,
  16: msg`韩国`,
  17: msg`西班牙`,
  18: msg`意大利`,
  19: msg`英国`,
};

export const COUNTRIES: readonly Country[] = COUNTRY_TABLE.map(({ value, dial }) => ({
  value,
  dialCode: dial,
  name: NAMES[value],
}));

export function countryByValue(value: number): Country | undefined {
  return COUNTRIES.find((country) => country.value === value);
}

/** The country a value names, or China when the value is not one of the 18 (e.g. 11 or a stale stored value). */
export function normalizeCountry(value: unknown): number {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && countryByValue(number) ? number : DEFAULT_COUNTRY;
}
