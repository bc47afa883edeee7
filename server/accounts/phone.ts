/**
 * Phone numbers of the 18 countries of spec §3. The client sends the national number (digits only) and the
 * country's VALUE (1-19, there is no 11); the server checks the number against its country and stores it in
 * one canonical form, so "07911123456" and "7911123456" are the same British number.
 */

export interface Country {
  value: number;
  /** Dial code without "+". */
  dial: string;
  name: string;
  /** Digits of the national significant number (after the trunk prefix is removed). */
  minDigits: number;
  maxDigits: number;
  /** Countries that write a leading 0 (trunk prefix) in front of the national number at home. */
  trunkZero: boolean;
  /** A stricter rule where the mobile numbering is simple enough to state. */
  pattern?: RegExp;
}

const list: Country[] = [
  { value: 1, dial: '86', name: 'China', minDigits: 11, maxDigits: 11, trunkZero: false, pattern: /^1[3-9]\d{9}$/ },
  { value: 2, dial: '886', name: 'Taiwan', minDigits: 8, maxDigits: 9, trunkZero: true },
  { value: 3, dial: '60', name: 'Malaysia', minDigits: 9, maxDigits: 10, trunkZero: true },
  { value: 4, dial: '62', name: 'Indonesia', minDigits: 9, maxDigits: 12, trunkZero: true },
  { value: 5, dial: '66', name: 'Thailand', minDigits: 8, maxDigits: 9, trunkZero: true },
  { value: 6, dial: '63', name: 'Philippines', minDigits: 8, maxDigits: 10, trunkZero: true },
  { value: 7, dial: '65', name: 'Singapore', minDigits: 8, maxDigits: 8, trunkZero: false, pattern: /^[3689]\d{7}$/ },
  { value: 8, dial: '84', name: 'Vietnam', minDigits: 9, maxDigits: 10, trunkZero: true },
  {
    value: 9,
    dial: '1',
    name: 'US',
    minDigits: 10,
    maxDigits: 10,
    trunkZero: false,
    pattern: /^[2-9]\d{2}[2-9]\d{6}$/,
  },
  { value: 10, dial: '52', name: 'Mexico', minDigits: 10, maxDigits: 10, trunkZero: false },
  { value: 12, dial: '33', name: 'France', minDigits: 9, maxDigits: 9, trunkZero: true },
  { value: 13, dial: '49', name: 'Germany', minDigits: 7, maxDigits: 13, trunkZero: true },
  { value: 14, dial: '55', name: 'Brazil', minDigits: 10, maxDigits: 11, trunkZero: true },
  { value: 15, dial: '81', name: 'Japan', minDigits: 9, maxDigits: 10, trunkZero: true },
  { value: 16, dial: '82', name: 'Korea', minDigits: 8, maxDigits: 10, trunkZero: true },
  { value: 17, dial: '34', name: 'Spain', minDigits: 9, maxDigits: 9, trunkZero: false },
  { value: 18, dial: '39', name: 'Italy', minDigits: 6, maxDigits: 11, trunkZero: false },
  { value: 19, dial: '44', name: 'England', minDigits: 9, maxDigits: 10, trunkZero: true },
];

export const COUNTRIES: ReadonlyMap<number, Country> = new Map(list.map((country) => [country.value, country]));

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
