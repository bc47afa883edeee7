/** Times in the portal's time zone (Asia/Shanghai), in the page's language. */
const formats = new Map<string, Intl.DateTimeFormat>();

export function formatTime(iso: string | null | undefined, locale: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const key = locale;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'zh-CN', {
      timeZone: 'Asia/Shanghai',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    formats.set(key, format);
  }
  return format.format(date);
}

export { shanghaiDay } from '../../../shared/shanghai-day';
