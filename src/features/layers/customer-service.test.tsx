import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CustomerService } from './customer-service';
import { renderWithLayers } from './test-utils';

describe('CustomerService', () => {
  it('shows the Chinese background, the brand’s QR code and the service hours', async () => {
    const { container } = await renderWithLayers(<CustomerService />);
    const background = container.querySelector('img[alt=""]');
    expect(background).toHaveAttribute('src', '/brand/starreach/art/service-bg-zh.svg');
    const qr = screen.getByRole('img', { name: '星达通专属顾问二维码' });
    expect(qr).toHaveAttribute('src', '/brand/starreach/service-qr.svg');
    expect(qr).toHaveAttribute('width', '200');
    expect(screen.getByText('服务时间：工作日 9:30–18:30')).toBeInTheDocument();
  });

  it('uses the English background on English pages', async () => {
    const { container } = await renderWithLayers(<CustomerService />, { locale: 'en', env: { brandId: 'creatorbox' } });
    expect(container.querySelector('img[alt=""]')).toHaveAttribute('src', '/brand/creatorbox/art/service-bg-en.svg');
    expect(screen.getByRole('img', { name: 'QR code of your CreatorBox advisor' })).toHaveAttribute(
      'src',
      '/brand/creatorbox/service-qr.svg',
    );
    expect(screen.getByText('Service hours: weekdays 9:30–18:30')).toBeInTheDocument();
  });
});
