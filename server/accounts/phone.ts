import parsePhoneNumberFromString, { type CountryCode, type NumberType } from 'libphonenumber-js/max';
import { COUNTRY_TABLE, type CountryRules, type CountryValue } from '../../shared/countries';

/**
 * Phone numbers of the 18 countries of docs/product.md#data (the table and its rules: shared/countries.ts). The client sends the national number (digits only) and the
 * country's VALUE (1-19, there is no 11); the server checks the number against its country and stores it in
 * one canonical form, so "07400123456" and "7400123456" are the same British number. Only a MOBILE number is
 * taken (libphonenumber-js's full metadata knows each range's type): an SMS code to a premium-rate, shared-cost,
 * toll-free, fixed-line, VoIP or pager number is how toll fraud is paid, so those answer 40011 like a number
 * that does not fit its country.
 */

export type Country = CountryRules;

export const COUNTRIES: ReadonlyMap<number, Country> = new Map(
  COUNTRY_TABLE.map((country) => [country.value, country]),
);

/**
 * The regions (ISO 3166) whose numbers each country takes. +1 is shared by the US, Canada and the Caribbean
 * (Jamaica 876, the Dominican Republic 809/829/849, …): the "US" option takes the US and Canada, whose numbers
 * cost what a US number costs, and no Caribbean number. +44 "England" takes Great Britain, not the Crown
 * dependencies (Guernsey, Jersey, the Isle of Man: 07781, 07911 1…, 07624 …).
 */
const REGIONS: Record<CountryValue, readonly CountryCode[]> = {
  1: ['CN'],
  2: ['TW'],
  3: ['MY'],
  4: ['ID'],
  5: ['TH'],
  6: ['PH'],
  7: ['SG'],
  8: ['VN'],
  9: ['US', 'CA'],
  10: ['MX'],
  12: ['FR'],
  13: ['DE'],
  14: ['BR'],
  15: ['JP'],
  16: ['KR'],
  17: ['ES'],
  18: ['IT'],
  19: ['GB'],
};

/** A mobile number's types: where fixed and mobile ranges are one (the US, Canada, Mexico), both are taken. */
const MOBILE_TYPES: ReadonlySet<NumberType> = new Set<NumberType>(['MOBILE', 'FIXED_LINE_OR_MOBILE']);

/**
 * The canonical national number, or null when the digits cannot be a MOBILE number of that country. Only one
 * leading 0 is dropped, and only for countries that dial one at home.
 */
export function normalizePhone(countryCode: number, phone: string): string | null {
  const country = COUNTRIES.get(countryCode);
  if (!country || !/^\d+$/.test(phone)) return null;
  const national = country.trunkZero && phone.startsWith('0') ? phone.slice(1) : phone;
  if (national.length < country.minDigits || national.length > country.maxDigits) return null;
  if (national.startsWith('0')) return null;
  if (country.pattern && !country.pattern.test(national)) return null;
  return isMobile(country, national) ? national : null;
}

/** Whether `+dial national` is a valid mobile number of one of the country's regions, written in one way only. */
function isMobile(country: Country, national: string): boolean {
  const parsed = parsePhoneNumberFromString(`+${country.dial}${national}`);
  if (!parsed?.isValid() || parsed.nationalNumber !== national) return false;
  const regions = REGIONS[country.value as CountryValue];
  const type = parsed.getType();
  return (
    parsed.country !== undefined && regions.includes(parsed.country) && type !== undefined && MOBILE_TYPES.has(type)
  );
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
