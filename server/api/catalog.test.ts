// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPo, translate } from './catalog';

const ROOT = join(import.meta.dirname, '../..');

/** Files whose Chinese is not a message the server shows: settings descriptions, and test doubles. */
const NOT_CATALOG = [/^server\/config\//, /^server\/testing\//];

/** Lines of server code with a Chinese string that carries no catalog mark (comments aside). */
function unmarkedChinese(): string[] {
  const found: string[] = [];
  for (const file of readdirSync(join(ROOT, 'server'), { recursive: true, encoding: 'utf8' })) {
    const path = `server/${file}`;
    if (!path.endsWith('.ts') || path.endsWith('.test.ts') || NOT_CATALOG.some((rule) => rule.test(path))) continue;
    readFileSync(join(ROOT, path), 'utf8')
      .split('\n')
      .forEach((line, index) => {
        if (/^\s*(\/\/|\/?\*)/.test(line)) return;
        const strings = line.match(/(\/\*i18n\*\/\s*)?(\{ id: )?(['"`])[^'"`]*[\u4e00-\u9fff][^'"`]*\3/g) ?? [];
        if (strings.some((text) => !text.startsWith('/*i18n*/'))) found.push(`${path}:${index + 1}: ${line.trim()}`);
      });
  }
  return found;
}

describe("the server's words", () => {
  it('are catalog messages: every Chinese string of server code is marked for extraction', () => {
    expect(unmarkedChinese()).toEqual([]);
  });

  it('has every message of the server catalog in English', () => {
    const zh = readPo(readFileSync(join(ROOT, 'locales/zh/server.po'), 'utf8'));
    const en = readPo(readFileSync(join(ROOT, 'locales/en/server.po'), 'utf8'));
    expect([...en.keys()].sort()).toEqual([...zh.keys()].sort());
    for (const [id, text] of en) expect(text, id).not.toBe(id);
  });

  it('translates with placeholders, plurals, lists and nested messages', () => {
    const wait = { id: '{seconds, plural, other {# 秒}}', values: { seconds: 1 } };
    expect(translate({ id: '操作过于频繁，请 {wait}后再试', values: { wait } }, 'en')).toBe(
      'Too many attempts. Try again in 1 second.',
    );
    expect(translate({ id: '操作过于频繁，请 {wait}后再试', values: { wait } }, 'zh')).toBe(
      '操作过于频繁，请 1 秒后再试',
    );
    expect(translate({ id: '不支持的字段：{keys}', values: { keys: ['a', 'b'] } }, 'en')).toBe(
      'Unknown field(s): a and b',
    );
    expect(translate('验证码发送成功', 'en')).toBe('Mobile phone verification code sent successfully');
  });
});
