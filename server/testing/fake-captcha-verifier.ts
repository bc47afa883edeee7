/**
 * A stand-in for a third-party captcha's verify endpoint, on a local port, for tests and for trying
 * `CAPTCHA_PROVIDER=remote` by hand. It accepts the tickets it was told about (`accept`), each once, only with
 * the right secret, and records every request it saw.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeCaptchaRequest {
  secret: string | null;
  response: string | null;
  remoteip: string | null;
  sitekey: string | null;
}

export interface FakeCaptchaVerifier {
  url: string;
  requests: FakeCaptchaRequest[];
  /** Makes the widget's ticket `ticket` genuine (once). */
  accept(ticket: string): void;
  /** Makes the endpoint answer with this HTTP status (500 to act broken), or stall when 'hang'. */
  behave(mode: 'normal' | 'hang' | number): void;
  close(): Promise<void>;
}

export async function startFakeCaptchaVerifier(secret: string): Promise<FakeCaptchaVerifier> {
  const genuine = new Set<string>();
  const requests: FakeCaptchaRequest[] = [];
  let mode: 'normal' | 'hang' | number = 'normal';
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const form = new URLSearchParams(body);
      const seen = {
        secret: form.get('secret'),
        response: form.get('response'),
        remoteip: form.get('remoteip'),
        sitekey: form.get('sitekey'),
      };
      requests.push(seen);
      if (mode === 'hang') return;
      if (typeof mode === 'number') {
        res.writeHead(mode).end('broken');
        return;
      }
      const success = seen.secret === secret && seen.response !== null && genuine.delete(seen.response);
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify(success ? { success: true } : { success: false, 'error-codes': ['invalid-input-response'] }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/siteverify`,
    requests,
    accept: (ticket) => genuine.add(ticket),
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
