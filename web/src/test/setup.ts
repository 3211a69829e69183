import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import i18next from 'i18next';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { initI18n } from '../lib/i18n/i18n.ts';
import { installDomShims, installFetchShim } from './browser-shims.ts';
import { server } from './server.ts';

installDomShims();
initI18n('en');
// The first render of a lazy route imports its chunk: on a busy machine that takes over the default 1 s.
configure({ asyncUtilTimeout: 5_000 });

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  installFetchShim();
});

afterEach(async () => {
  cleanup();
  server.resetHandlers();
  window.localStorage.clear();
  await i18next.changeLanguage('en');
});

afterAll(() => {
  server.close();
});
