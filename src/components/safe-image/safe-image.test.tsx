import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SafeImage } from './safe-image';

describe('SafeImage', () => {
  it('shows the image while it loads', () => {
    render(<SafeImage src="/home/safety.svg" alt="安全" width={10} height={10} />);
    expect(screen.getByRole('img', { name: '安全' })).toHaveAttribute('src', '/home/safety.svg');
  });

  it('logs a warning and shows nothing when the image is missing', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(<SafeImage src="/missing.png" alt="丢失的图片" />);
    fireEvent.error(screen.getByRole('img', { name: '丢失的图片' }));
    expect(screen.queryByRole('img', { name: '丢失的图片' })).not.toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('/missing.png'));
    warn.mockRestore();
  });
});
