// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { snippetOf } from './repository';

describe('search snippets', () => {
  it('keeps a heading apart from the paragraph after it', () => {
    expect(snippetOf('When email is the better channel\nMany creators list an email.', ['email'])).toBe(
      'When email is the better channel · Many creators list an email.',
    );
    expect(snippetOf('邮件更合适的时候。\n很多达人会留邮箱', ['邮箱'])).toBe('邮件更合适的时候。 很多达人会留邮箱');
  });

  it('cuts long text around the first match and says so', () => {
    const snippet = snippetOf(`${'a'.repeat(200)} needle ${'b'.repeat(200)}`, ['NEEDLE']);
    expect(snippet).toMatch(/^….*needle.*…$/);
    expect(snippetOf('nothing here', ['needle'])).toBeUndefined();
  });
});
