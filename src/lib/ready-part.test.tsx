import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { areasReady } from './i18n';
import { Ready, readyPart } from './ready-part';

const body = (text: string) => async () => ({ default: () => <p>{text}</p> });

afterEach(() => window.history.replaceState(null, '', '/'));

describe('a part kept ready', () => {
  it('renders in the same commit as the event that shows it once its code and messages are in (no fallback)', async () => {
    window.history.replaceState(null, '', '/en');
    const part = readyPart(body('the layer'), ['layers']);
    await part.keep();
    // Fetched at idle, not handed over: handing over re-renders the page's messages.
    expect(areasReady('en', ['layers'])).toBe(false);
    part.prepare();
    expect(areasReady('en', ['layers'])).toBe(true);
    act(() => {
      render(
        <Suspense fallback={<p>waiting</p>}>
          <Ready part={part} />
        </Suspense>,
      );
    });
    expect(screen.getByText('the layer')).toBeTruthy();
    expect(screen.queryByText('waiting')).toBeNull();
  });

  it('shows nothing when shown before the warm-up (no Suspense fallback), then the part once it has loaded', async () => {
    const part = readyPart(body('the cold layer'), ['college']);
    act(() => {
      render(
        <Suspense fallback={<p>waiting</p>}>
          <Ready part={part} />
        </Suspense>,
      );
    });
    expect(screen.queryByText('waiting')).toBeNull();
    expect(await screen.findByText('the cold layer')).toBeTruthy();
    expect(areasReady('zh', ['college'])).toBe(true);
  });
});
