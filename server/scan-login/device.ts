/**
 * What the phone's confirm page says about the computer a login is for: the browser and operating
 * system named from the computer's User-Agent ("Chrome · Windows"), and its address masked ("203.0.113.x").
 * There is no GeoIP database offline, so the place is the address, not a city.
 */

const BROWSERS: [RegExp, string][] = [
  [/MicroMessenger\//, 'WeChat'],
  [/Edg(A|iOS|e)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Version\/[\d.]+.*Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/Windows/, 'Windows'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Macintosh|Mac OS X/, 'macOS'],
  [/Linux|X11/, 'Linux'],
];

/** "Chrome · Windows" from a User-Agent; null when neither is recognised (or there is none). */
export function describeDevice(userAgent: string | undefined | null): string | null {
  if (!userAgent) return null;
  const ua = userAgent.slice(0, 512);
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1];
  if (!browser && !system) return null;
  return [browser, system].filter(Boolean).join(' · ');
}

/** An address with its last part hidden: 203.0.113.x for IPv4, the first four groups of IPv6 then "…". */
export function maskAddress(ip: string | null | undefined): string | null {
  if (!ip) return null;
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/i.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.x`;
  if (ip.includes(':')) {
    const groups = ip.split('::')[0].split(':').filter(Boolean).slice(0, 4);
    return `${groups.join(':') || ':'}:…`;
  }
  return null;
}
