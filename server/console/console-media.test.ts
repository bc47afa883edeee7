// @vitest-environment node
/**
 * The console's listener serves the college's pictures too (GET /media/<id>.webp, the same route as the portal's):
 * the article editor shows the cover and the live preview's pictures from its own origin (its policy's img-src is
 * 'self'), so an uploaded picture is seen in the editor at once.
 */
import { expect, it } from 'vitest';
import { CONSOLE_HOST, consoleHarness } from '../testing/console-harness';
import { describeDatabases } from '../testing/databases';
import { pictureFixture, uploadPicture } from '../testing/media-fixtures';

const env = { incoming: { socket: { remoteAddress: '198.51.100.7', localPort: 3032 } } };

describeDatabases('the console serves the pictures', (getDb) => {
  it('answers an uploaded picture on its own origin, immutable, and 404 for one it does not have', async () => {
    const editor = await consoleHarness(getDb(), { role: 'editor' });
    const upload = await uploadPicture<{ url: string; width: number }>(
      editor,
      await pictureFixture('png', { width: 320, height: 200 }),
      'cover.png',
    );
    expect(upload.status, upload.text).toBe(200);
    const url = upload.body.data?.url ?? '';
    const picture = await editor.app.request(`http://${CONSOLE_HOST}${url}`, { headers: { host: CONSOLE_HOST } }, env);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/webp');
    expect(picture.headers.get('cache-control')).toContain('immutable');
    const bytes = Buffer.from(await picture.arrayBuffer());
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');

    const missing = await editor.app.request(
      `http://${CONSOLE_HOST}/media/${'0'.repeat(32)}.webp`,
      { headers: { host: CONSOLE_HOST } },
      env,
    );
    expect(missing.status).toBe(404);
  });
});
