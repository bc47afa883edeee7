/**
 * The business-college articles state product facts; these must agree with the product. Each check reads every
 * article in both languages and compares what it says with the constant the product uses.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LIMITS } from '../server/limits/rules';
import { PLUGIN_VERSION } from '../shared/brand';
import { SUPPORTED_BROWSERS } from '../src/features/layers/supported-browsers';

const COLLEGE = join(import.meta.dirname, '../content/college');
const articles = readdirSync(COLLEGE, { recursive: true, encoding: 'utf8' })
  .filter((name) => name.endsWith('.md'))
  .map((name) => ({
    name,
    lang: name.endsWith('.zh.md') ? 'zh' : 'en',
    text: readFileSync(join(COLLEGE, name), 'utf8'),
  }));

/** Sentences (or list items) of an article, split on full stops, semicolons and line ends in either language. */
const sentences = (text: string) => text.split(/(?<=[.!?。！？；;])\s*|\n+/).filter(Boolean);
const versionNumber = (version: string) => version.replace(/^v/, '').split('.').map(Number);
const compareVersions = (a: string, b: string) => {
  const [x, y] = [versionNumber(a), versionNumber(b)];
  for (let i = 0; i < 3; i += 1) if (x[i] !== y[i]) return x[i] - y[i];
  return 0;
};

const [perMinute, perHour, perDay] = LIMITS.smsPerPhone.rules;

describe('college articles agree with the product', () => {
  it('found the articles in both languages', () => {
    expect(articles.filter((a) => a.lang === 'zh').length).toBeGreaterThan(40);
    expect(articles.filter((a) => a.lang === 'en').length).toBe(articles.filter((a) => a.lang === 'zh').length);
  });

  it('count the supported browsers as the plug-in layer lists them', () => {
    const counts = articles.flatMap(({ name, lang, text }) =>
      sentences(text).flatMap((sentence) => {
        const match =
          lang === 'zh' ? /(\d+)\s*款(?:受支持的)?(?:浏览器)?/.exec(sentence) : /lists (?:all )?(\d+)/.exec(sentence);
        return match && /浏览器|browser/i.test(sentence) ? [{ name, sentence, count: Number(match[1]) }] : [];
      }),
    );
    expect(counts.length).toBeGreaterThanOrEqual(4);
    for (const { name, sentence, count } of counts)
      expect(count, `${name}: ${sentence}`).toBe(SUPPORTED_BROWSERS.length);
  });

  it('never call every supported browser Chromium-based while Firefox is one of them', () => {
    const firefoxSupported = SUPPORTED_BROWSERS.some((browser) => browser.id === 'firefox');
    for (const { name, text } of articles) {
      for (const sentence of sentences(text)) {
        if (/Chromium/.test(sentence) && /\d+\s*款|lists (?:all )?\d+/.test(sentence) && firefoxSupported) {
          expect(sentence, name).toMatch(/Firefox/);
        }
      }
    }
  });

  it(`name no plug-in version newer than the current one (${PLUGIN_VERSION}), and name that one`, () => {
    const versions = articles.flatMap(({ text }) => [...text.matchAll(/\bv?1\.0\.\d+\b/g)].map((m) => m[0]));
    for (const version of versions) expect(compareVersions(version, PLUGIN_VERSION)).toBeLessThanOrEqual(0);
    expect(versions.some((version) => compareVersions(version, PLUGIN_VERSION) === 0)).toBe(true);
  });

  it('give the SMS resend wait and limits the server applies', () => {
    const facts = articles.flatMap(({ name, lang, text }) =>
      sentences(text).flatMap((sentence) => {
        if (!/验证码|code/i.test(sentence)) return [];
        const found: { name: string; sentence: string; said: number; real: number }[] = [];
        const seconds =
          lang === 'zh'
            ? /每\s*(\d+)\s*秒|(\d+)\s*秒倒计时/.exec(sentence)
            : /every (\d+) seconds|(\d+)-second countdown/.exec(sentence);
        if (seconds)
          found.push({ name, sentence, said: Number(seconds[1] ?? seconds[2]), real: perMinute.windowSeconds });
        const hour = lang === 'zh' ? /每小时最多\s*(\d+)/.exec(sentence) : /at most (\d+) an hour/.exec(sentence);
        if (hour) found.push({ name, sentence, said: Number(hour[1]), real: perHour.limit });
        const day = lang === 'zh' ? /每天最多\s*(\d+)/.exec(sentence) : /(\d+) a day/.exec(sentence);
        if (day) found.push({ name, sentence, said: Number(day[1]), real: perDay.limit });
        return found;
      }),
    );
    expect(facts.length).toBeGreaterThanOrEqual(6);
    for (const { name, sentence, said, real } of facts) expect(said, `${name}: ${sentence}`).toBe(real);
  });

  it('say the Windows client does not run on a Mac', () => {
    const mac = articles.filter(({ name }) => name.includes('client-mac-support'));
    expect(mac).toHaveLength(2);
    expect(mac.find((a) => a.lang === 'en')?.text).toMatch(/Windows-only/);
    expect(mac.find((a) => a.lang === 'zh')?.text).toMatch(/只能在 Windows 系统上运行/);
  });
});
