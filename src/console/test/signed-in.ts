/** A fake API with a signed-in session of the given role. */
import { createFakeApi } from './fake-api';

export function signedInApi(role: 'owner' | 'support' | 'editor' = 'owner') {
  const api = createFakeApi();
  api.install();
  api.on('get', /^\/session$/, {
    data: { operator: { name: 'alice', role }, csrfToken: 'csrf-1', expiresAt: '2026-11-29T08:00:00.000Z' },
  });
  return api;
}
