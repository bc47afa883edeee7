import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());
if (typeof window !== 'undefined') window.scrollTo = () => {};

// Tests start machines synchronously, as the app does once XState has loaded.
await import('~/lib/machines-module').then(({ machinesModule }) => machinesModule.load());
