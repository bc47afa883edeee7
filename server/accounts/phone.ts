import { COUNTRY_TABLE, type CountryRules } from '../../shared/countries';

/**
 * Phone numbers of the 18 countries of docs/product.md#data (the table and its rules: shared/countries.ts). The client sends the national number (digits only) and the
 * country's VALUE (1-19, there is no 11); the server checks the number against its country and stores it in
 * one canonical form, so "07911123456" and "7911123456" are the same British number.
 */

export type Country = CountryRules;

export const COUNTRIES: ReadonlyMap<number, Country> = new Map(
  COUNTRY_TABLE.map((country) => [country.value, country]),
);

/**
 * The canonical national number, or null when the digits cannot be a number of that country. Only one
 * leading 0 is dropped, and only for countries that dial one at home.
 */
export function normalizePhone(countryCode: number, phone: string): string | null {
  const country = COUNTRIES.get(countryCode);
  if (!country || !/^\d+$/.test(phone)) return null;
  const national = country.trunkZero && phone.startsWith('0') ? phone.slice(1) : phone;
  if (national.length < country.minDigits || national.length > country.maxDigits) return null;
  if (national.startsWith('0')) return null;
  if (country.pattern && !country.pattern.test(national)) return null;
  return national;
}

/** "+86 13800138000": how the SMS log line and the gateway name a number. */
export function internationalPhone(countryCode: number, phone: string): string {
  return `+${COUNTRIES.get(countryCode)?.dial ?? '?'} ${phone}`;
}

/** "138****8000": what responses show. Short numbers keep two digits at each end. */
export function maskPhone(phone: string): string {
  const keep = phone.length >= 10 ? [3, 4] : [2, 2];
  return `${phone.slice(0, keep[0])}****${phone.slice(phone.length - keep[1])}`;
}
