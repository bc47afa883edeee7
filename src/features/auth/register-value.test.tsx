import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAuthPage } from './test-utils';

vi.mock('~/lib/api/accounts', async () => (await import('./accounts-mock')).accountsMock());

const EXPECTED = {
  zh: {
    headline: '找带货达人，从这里开始',
    benefits: ['按类目、粉丝和带货数据筛选达人', '批量邀约、私信、邮件，一次发出', 'AI 用达人的语言写回复'],
    figures: ['带货达人800万+', '短视频素材1000万+', '节省人力90%'],
  },
  en: {
    headline: 'Find the creators who will sell for you',
    benefits: [
      'Filter creators by category, followers and sales',
      'Send invitations, messages and emails in bulk',
      "AI drafts replies in each creator's language",
    ],
    figures: ['creators8M+', 'videos10M+', 'labour saved90%'],
  },
};

describe('the value header of /register', () => {
  for (const locale of ['zh', 'en'] as const) {
    it(`gives a phone visitor the headline, three benefits and the figures above the form (${locale})`, async () => {
      await renderAuthPage(locale === 'zh' ? '/register' : '/en/register', { env: { isMobile: true } });
      const header = screen.getByRole('region', { name: EXPECTED[locale].headline });
      expect(
        within(header)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(EXPECTED[locale].benefits);
      expect(
        Array.from(header.querySelectorAll('dl > div')).map((figure) => figure.textContent?.replace(/\s+/g, '')),
      ).toEqual(EXPECTED[locale].figures.map((text) => text.replace(/\s+/g, '')));
      // Above the form: the page's title and the first field come after it.
      const title = screen.getByRole('heading', { level: 1 });
      expect(header.compareDocumentPosition(title) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    });
  }

  it('is not shown on a computer, where the brand panel stands beside the form', async () => {
    await renderAuthPage('/register');
    expect(screen.queryByRole('region', { name: EXPECTED.zh.headline })).not.toBeInTheDocument();
  });
});
