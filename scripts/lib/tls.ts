/**
 * A throwaway self-signed certificate for loopback TLS in the measuring scripts and tests (nginx in front of the
 * server): openssl writes the key and certificate where asked, valid for `days`, for `host` (and, for
 * `localhost`, its loopback address too).
 */
import { spawnSync } from 'node:child_process';

export function selfSignedCertificate(host: string, files: { cert: string; key: string }, days = 2): void {
  const altNames = host === 'localhost' ? ['-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'] : [];
  const result = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      String(days),
      '-subj',
      `/CN=${host}`,
      ...altNames,
    ].concat(['-keyout', files.key, '-out', files.cert]),
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  if (result.status !== 0) throw new Error(`openssl failed: ${result.stderr}`);
}
