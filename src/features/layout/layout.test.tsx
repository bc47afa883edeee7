import { screen } from '@testing-library/react';
import { brands } from '#shared/brand';
import { Layout } from './layout';
import { renderInLayout } from './test-utils';

describe('Layout', () => {
  it('frames a desktop page with the loading bar, side bar, header, content and footer', async () => {
    await renderInLayout(
      <Layout>
        <main>
          <h1>页面内容</h1>
        </main>
      </Layout>,
    );
    expect(screen.getByRole('progressbar', { hidden: true })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: '主导航' })).toBeInTheDocument();
    expect(await screen.findByRole('complementary', { name: '快捷入口' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent('页面内容');
    expect(await screen.findByRole('contentinfo')).toBeInTheDocument();
    // The page brings its own <main>; the layout adds none.
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });

  it('shows only the logo and the language switcher over the content on mobile', async () => {
    await renderInLayout(
      <Layout>
        <main>
          <h1>Register</h1>
        </main>
      </Layout>,
      { locale: 'en', path: '/en/register', env: { isMobile: true, brandId: 'creatorbox' } },
    );
    expect(screen.getByRole('link', { name: brands.creatorbox.name.en })).toHaveAttribute('href', '/en');
    expect(await screen.findByRole('group', { name: 'Language' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent('Register');
  });
});
