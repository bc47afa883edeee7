// @vitest-environment node
/** Which webhook URLs are refused without WEBHOOK_ALLOW_PRIVATE, and that a send connects to the address checked. */
import type { LookupAddress } from 'node:dns';
import { afterEach, describe, expect, it } from 'vitest';
import { translate } from '../api/catalog';
import { startReceiver } from '../testing/webhook-receiver';
import { postWebhook } from './outbox';
import { addressRefusal, checkedLookup, checkWebhookUrl, RefusedUrl } from './url-check';

const resolver = (addresses: string[]) => async (): Promise<LookupAddress[]> =>
  addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

/** The refusal's message, or null; `resolve` null: the system's resolver. */
async function refusal(
  url: string,
  allowPrivate = false,
  resolve: ReturnType<typeof resolver> | null = resolver(['93.184.216.34']),
) {
  try {
    await checkWebhookUrl(url, allowPrivate, resolve ?? undefined);
  } catch (error) {
    if (error instanceof RefusedUrl) return translate(error.text, 'zh');
    throw error;
  }
  return null;
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

describe('webhook URL checks', () => {
  it('refuses http, loopback, private, link-local, CGNAT, multicast and their IPv4-mapped forms', async () => {
    expect(await refusal('https://crm.example.com/hook')).toBeNull();
    expect(await refusal('http://crm.example.com/hook')).toBe(
      '接收地址必须以 https:// 开头（WEBHOOK_ALLOW_PRIVATE=1 才允许 http）',
    );
    expect(await refusal('ftp://crm.example.com/hook', true)).toBe('接收地址必须以 https:// 或 http:// 开头');
    expect(await refusal('https://user:pw@crm.example.com/')).toBe('接收地址不能包含用户名或密码');
    for (const [host, range] of [
      ['127.0.0.1', 'loopback'],
      ['10.1.2.3', 'private'],
      ['192.168.1.1', 'private'],
      ['172.16.0.1', 'private'],
      ['169.254.169.254', 'linkLocal'],
      ['100.64.0.1', 'carrierGradeNat'],
      ['0.0.0.0', 'unspecified'],
      ['224.0.0.1', 'multicast'],
      ['[::1]', 'loopback'],
      ['[fd00::1]', 'uniqueLocal'],
      ['[fe80::1]', 'linkLocal'],
      ['[::ffff:127.0.0.1]', 'loopback'],
      ['[::ffff:10.0.0.1]', 'private'],
    ])
      expect(await refusal(`https://${host}/hook`)).toBe(
        `接收地址指向内网或保留地址 ${host.replace(/[[\]]/g, '').replace('::ffff:127.0.0.1', '::ffff:7f00:1').replace('::ffff:10.0.0.1', '::ffff:a00:1')}（${range}），只允许公网地址`,
      );
    expect(addressRefusal('::ffff:127.0.0.1')).toBe('loopback');
    expect(addressRefusal('2606:4700::1111')).toBeNull();
  });

  it('refuses a host name that resolves to loopback (any of its addresses), or does not resolve', async () => {
    expect(await refusal('https://rebind.example.com/', false, resolver(['93.184.216.34', '127.0.0.1']))).toContain(
      '127.0.0.1（loopback）',
    );
    // The real resolver: localhost is loopback.
    expect(await refusal('https://localhost/hook', false, null)).toMatch(
      /^接收地址指向内网或保留地址 (127\.0\.0\.1|::1)/,
    );
    expect(await refusal('https://nothing.invalid/', false, resolver([]))).toBe(
      '无法解析接收地址的主机名 nothing.invalid',
    );
  });

  it('WEBHOOK_ALLOW_PRIVATE allows http and loopback or private addresses', async () => {
    expect(await refusal('http://127.0.0.1:8080/hook', true)).toBeNull();
    expect(await refusal('http://10.0.0.5/hook', true)).toBeNull();
    expect(await refusal('http://crm.lan/hook', true, resolver(['192.168.1.10']))).toBeNull();
  });

  it('the connection goes to the checked address, never to a second lookup', async () => {
    const lookup = checkedLookup([{ address: '127.0.0.1', family: 4 }]);
    const answers: unknown[] = [];
    lookup('anything.example', { all: true }, (_e, address) => answers.push(address));
    lookup('anything.example', {}, (_e, address) => answers.push(address));
    lookup('anything.example', { family: 6 }, (error) => answers.push(error?.message));
    expect(answers).toEqual([
      [{ address: '127.0.0.1', family: 4 }],
      '127.0.0.1',
      'no checked address of the asked family',
    ]);
  });

  it('a send refuses a private address without the setting, and follows no redirect', async () => {
    const receiver = await startReceiver((_request, index) => (index === 0 ? 302 : 200));
    closers.push(receiver.close);
    expect(await postWebhook(receiver.url, {}, '{}', false)).toEqual({
      status: null,
      text: 'refused: 接收地址必须以 https:// 开头（WEBHOOK_ALLOW_PRIVATE=1 才允许 http）',
    });
    expect(await postWebhook(receiver.url.replace('127.0.0.1', 'localhost'), {}, '{}', true)).toEqual({
      status: 302,
      text: 'answer 302',
    });
    expect(receiver.received).toHaveLength(1);
    // Bounded: a held answer ends at the timeout.
    const slow = await startReceiver(() => 'hold');
    closers.push(slow.close);
    const started = Date.now();
    expect(await postWebhook(slow.url, {}, '{}', true, 300)).toEqual({ status: null, text: 'no answer within 0.3 s' });
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
