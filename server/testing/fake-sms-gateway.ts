/**
 * A stand-in SMS gateway on a local port, speaking the protocol of ./http-gateway.ts: it checks the bearer key,
 * records every message it accepts, and can be told to fail or to stall. The tests use it; it also serves for
 * trying `SMS_PROVIDER=http` by hand.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GatewayMessage {
  to: string;
  countryCode: string;
  phone: string;
  template: string;
  purpose: string;
  code: string;
  text: string;
  language: string;
  tenantId: number;
}

export interface FakeSmsGateway {
  url: string;
  messages: GatewayMessage[];
  /** 'hang' never answers; a number answers with that status; 'refuse' answers 200 `{ ok: false }`. */
  behave(mode: 'normal' | 'hang' | 'refuse' | number): void;
  close(): Promise<void>;
}

export async function startFakeSmsGateway(key: string): Promise<FakeSmsGateway> {
  const messages: GatewayMessage[] = [];
  let mode: 'normal' | 'hang' | 'refuse' | number = 'normal';
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      if (mode === 'hang') return;
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (typeof mode === 'number') return json(mode, { ok: false, error: 'broken' });
      if (req.method !== 'POST' || req.headers.authorization !== `Bearer ${key}`)
        return json(401, { ok: false, error: 'unauthorized' });
      if (mode === 'refuse') return json(200, { ok: false, error: 'refused' });
      try {
        messages.push(JSON.parse(body) as GatewayMessage);
      } catch {
        return json(400, { ok: false, error: 'bad json' });
      }
      json(200, { ok: true, id: String(messages.length) });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/sms`,
    messages,
    behave: (next) => {
      mode = next;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
