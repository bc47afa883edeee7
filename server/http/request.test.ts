/**
 * The client address behind proxies. Without TRUST_PROXY the socket's peer is the client and
 * X-Forwarded-For is ignored; with it, the client is the right-most entry that is not a trusted proxy — never the
 * left-most, which the client writes itself. Shown on a real per-IP limit (10 login QR codes a minute per IP).
 */

import { describe, expect, it } from 'vitest';
import { readSettings } from '../config/settings';
import { createSimulatorProvider } from '../providers/messaging/simulator';
import { harness } from '../testing/accounts-harness';
import { describeDatabases } from '../testing/databases';

describe('TRUST_PROXY', () => {
  it('reads off, a number of hops or a list of proxy addresses, and refuses nonsense', () => {
    expect(readSettings({}).trustProxy).toBeNull();
    expect(readSettings({ TRUST_PROXY: '0' }).trustProxy).toBeNull();
    const one = readSettings({ TRUST_PROXY: '1' }).trustProxy;
    expect([one?.('10.0.0.2', 0), one?.('10.0.0.3', 1)]).toEqual([true, false]);
    expect(readSettings({ TRUST_PROXY: 'true' }).trustProxy?.('10.0.0.2', 0)).toBe(true);
    const two = readSettings({ TRUST_PROXY: '2' }).trustProxy;
    expect([two?.('x', 1), two?.('x', 2)]).toEqual([true, false]);
    const listed = readSettings({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy;
    expect([listed?.('10.1.2.3', 0), listed?.('127.0.0.1', 3), listed?.('198.51.100.1', 0)]).toEqual([
      true,
      true,
      false,
    ]);
    expect(() => readSettings({ TRUST_PROXY: 'not an address' })).toThrow(/TRUST_PROXY must be/);
  });
});

describeDatabases('the client address and per-IP limits', (getDb) => {
  /** Creates QR codes with a new forged X-Forwarded-For each time; returns the statuses. */
  async function forgedBurst(env: Record<string, string>, peer: string, chain: (i: number) => string) {
    const h = harness(getDb(), {
      env,
      messaging: createSimulatorProvider({ db: getDb(), lanAddress: () => undefined }),
    });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const answer = await h.call('/v2/wx/create_login_qrcode', {
        body: {},
        ip: peer,
        headers: { 'x-forwarded-for': chain(i) },
      });
      statuses.push(answer.status);
    }
    return statuses;
  }

  const tenAllowed = [...Array(10).fill(200), 429, 429];

  it('without TRUST_PROXY a forged X-Forwarded-For cannot escape the limit', async () => {
    expect(await forgedBurst({}, '203.0.113.9', (i) => `198.51.100.${i}`)).toEqual(tenAllowed);
  });

  it('with one trusted hop, the address the proxy saw counts, not what the client wrote before it', async () => {
    // The client writes a new address each time; the proxy (the peer) appends the address it really saw.
    const statuses = await forgedBurst({ TRUST_PROXY: '1' }, '10.0.0.2', (i) => `198.51.100.${i}, 203.0.113.50`);
    expect(statuses).toEqual(tenAllowed);
  });

  it('with listed proxies, every trusted hop is skipped from the right', async () => {
    const statuses = await forgedBurst(
      { TRUST_PROXY: '10.0.0.0/8' },
      '10.0.0.2',
      (i) => `198.51.100.${i}, 203.0.113.60, 10.0.0.7`,
    );
    expect(statuses).toEqual(tenAllowed);
  });

  it('a direct client that names itself a proxy is not trusted when the proxies are listed', async () => {
    // The peer is not in the list, so its X-Forwarded-For is not read at all.
    expect(await forgedBurst({ TRUST_PROXY: '10.0.0.0/8' }, '203.0.113.70', (i) => `198.51.100.${i}`)).toEqual(
      tenAllowed,
    );
  });
});
