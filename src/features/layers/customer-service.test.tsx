import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FILLED_CONTENTS, withContents } from '~/lib/brand-contents.fixture';
import { CustomerService } from './customer-service';
import { renderWithLayers } from './test-utils';

describe('CustomerService', () => {
  it('shows the Chinese background, the brand’s QR code, phone, e-mail and the service hours once set', async () => {
    const { container } = await renderWithLayers(withContents(<CustomerService />));
    const background = container.querySelector('img[alt=""]');
    expect(background).toHaveAttribute('src', '/brand/starreach/art/service-bg-zh.svg');
    const qr = screen.getByRole('img', { name: '星达通专属顾问二维码' });
    expect(qr).toHaveAttribute('src', FILLED_CONTENTS.serviceQr);
    expect(qr).toHaveAttribute('width', '200');
    expect(screen.getByRole('link', { name: '020-0000 0000' })).toHaveAttribute('href', 'tel:020-00000000');
    expect(screen.getByRole('link', { name: 'service@brand.test' })).toHaveAttribute(
      'href',
      'mailto:service@brand.test',
    );
    expect(screen.getByText('服务时间：工作日 9:30–18:30')).toBeInTheDocument();
  });

  it('uses the English background on English pages', async () => {
    const { container } = await renderWithLayers(withContents(<CustomerService />), {
      locale: 'en',
      env: { brandId: 'creatorbox' },
    });
    expect(container.querySelector('img[alt=""]')).toHaveAttribute('src', '/brand/creatorbox/art/service-bg-en.svg');
    expect(screen.getByRole('img', { name: 'QR code of your CreatorBox advisor' })).toHaveAttribute(
      'src',
      FILLED_CONTENTS.serviceQr,
    );
    expect(screen.getByText('Service hours: weekdays 9:30–18:30')).toBeInTheDocument();
  });

  it('shows no QR code, phone or e-mail while unset, and offers the Q&A section instead', async () => {
    const { container } = await renderWithLayers(<CustomerService />);
    expect(container.querySelectorAll('img')).toHaveLength(1);
    expect(screen.queryByRole('link', { name: /^tel:|020/ })).toBeNull();
    expect(container.querySelector('a[href^="tel:"], a[href^="mailto:"]')).toBeNull();
    expect(screen.getByRole('link', { name: '问答中心' })).toHaveAttribute('href', '/business-college/electricity');
  });

  it('offers the English Q&A section on English pages', async () => {
    await renderWithLayers(<CustomerService />, { locale: 'en' });
    const link = screen.getAllByRole('link').find((a) => a.getAttribute('href') === '/en/business-college/electricity');
    expect(link).toBeDefined();
  });

  it('shows the phone alone when only the phone is set', async () => {
    const { container } = await renderWithLayers(withContents(<CustomerService />, { serviceQr: null, email: null }));
    expect(container.querySelectorAll('img')).toHaveLength(1);
    expect(screen.getByRole('link', { name: '020-0000 0000' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '前往问答中心' })).toBeNull();
  });
});
