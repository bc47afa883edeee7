import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SiteMapPage } from './site-map-page';
import { renderCollege } from './test-utils';

const DATA = { sections: [], head: { title: '', description: '', breadcrumb: [] } };

describe('the site map page', () => {
  it('keeps the current query on its link to /register, as every registration link does', async () => {
    await renderCollege(<SiteMapPage data={DATA} />, { path: '/site-map?utm_term=seller&bd_vid=42' });
    expect(screen.getByRole('link', { name: '注册并免费试用' })).toHaveAttribute(
      'href',
      '/register?utm_term=seller&bd_vid=42',
    );
    expect(screen.getByRole('link', { name: '登录' })).toHaveAttribute('href', '/login');
  });

  it('links to the English register page with the query on /en/site-map', async () => {
    await renderCollege(<SiteMapPage data={DATA} />, { locale: 'en', path: '/site-map?utm_term=seller' });
    expect(screen.getByRole('link', { name: 'Register and start the free trial' })).toHaveAttribute(
      'href',
      '/en/register?utm_term=seller',
    );
  });
});
