import { act, fireEvent, screen } from '@testing-library/react';
import { FILLED_CONTENTS, withContents } from '~/lib/brand-contents.fixture';
import { SideBar } from './side-bar';
import { renderInLayout } from './test-utils';

afterEach(() => vi.restoreAllMocks());

describe('SideBar', () => {
  it('opens the customer-service layer from Contact consultant', async () => {
    const { user, actors } = await renderInLayout(<SideBar />);
    await user.click(screen.getByRole('button', { name: '联系顾问' }));
    expect(actors.layer.getSnapshot().value).toBe('shown');
    expect(actors.layer.getSnapshot().context.layerType).toBe('customerService');
  });

  it.each([
    ['starreach', 'main'],
    ['starreach', 'regional'],
    ['creatorbox', 'main'],
    ['creatorbox', 'regional'],
  ] as const)("opens %s's %s help centre in a new window once it is set", async (brandId, edition) => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = await renderInLayout(withContents(<SideBar />), { env: { brandId, edition } });
    await user.click(screen.getByRole('button', { name: '帮助中心' }));
    expect(open).toHaveBeenCalledWith(FILLED_CONTENTS.helpCenter[edition], '_blank', 'noopener');
  });

  it.each([
    ['zh', '/', '/business-college/electricity'],
    ['en', '/en', '/en/business-college/electricity'],
  ] as const)('leads an unset help centre to the Q&A section in place (%s)', async (locale, path, target) => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user, router } = await renderInLayout(<SideBar />, { locale, path });
    await user.click(screen.getByRole('button', { name: locale === 'zh' ? '帮助中心' : 'Help Center' }));
    expect(open).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(target));
  });

  it('swaps an icon for its active variant on hover and on focus', async () => {
    const { user } = await renderInLayout(<SideBar />);
    const consultant = screen.getByRole('button', { name: '联系顾问' });
    const help = screen.getByRole('button', { name: '帮助中心' });
    const iconOf = (button: HTMLElement) => button.querySelector('img')?.getAttribute('src');
    expect(iconOf(consultant)).toBe('/icons/sidebar-consultant.svg');

    await user.hover(consultant);
    expect(iconOf(consultant)).toBe('/brand/starreach/art/sidebar-consultant-active.svg');
    expect(iconOf(help)).toBe('/icons/sidebar-help.svg');
    fireEvent.mouseLeave(consultant);
    expect(iconOf(consultant)).toBe('/icons/sidebar-consultant.svg');

    act(() => help.focus());
    expect(iconOf(help)).toBe('/brand/starreach/art/sidebar-help-active.svg');
    act(() => help.blur());
    expect(iconOf(help)).toBe('/icons/sidebar-help.svg');
  });

  it('speaks English under /en', async () => {
    await renderInLayout(<SideBar />, { locale: 'en' });
    expect(screen.getByRole('complementary', { name: 'Quick links' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Contact an advisor' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Help Center' })).toBeInTheDocument();
  });
});
