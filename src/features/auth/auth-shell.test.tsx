import { screen, within } from '@testing-library/react';
import { FILLED_CONTENTS, withContents } from '~/lib/brand-contents.fixture';
import { renderWithRouter } from '~/test/providers';
import { AuthShell } from './auth-shell';

describe('AuthShell', () => {
  it("shows the brand's first testimonial signed by its one author, as on the home page", async () => {
    await renderWithRouter(withContents(<AuthShell title="登录">form</AuthShell>));
    const panel = screen.getByRole('complementary');
    const quote = within(panel).getByRole('figure');
    const [first] = FILLED_CONTENTS.testimonials;
    expect(quote).toHaveTextContent(first.quote.zh);
    expect(within(quote).getByText(`—— ${first.author.zh} · ${first.store}`)).toBeInTheDocument();
  });

  it('shows no quote while the brand has no testimonials', async () => {
    await renderWithRouter(<AuthShell title="登录">form</AuthShell>);
    expect(screen.getByRole('complementary').querySelector('blockquote')).toBeNull();
  });
});
