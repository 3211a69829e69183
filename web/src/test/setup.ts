import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import i18next from 'i18next';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { initI18n } from '../lib/i18n/i18n.ts';
import { loadLazyParts } from '../lib/lazy-part.ts';
import { installDomShims, installFetchShim } from './browser-shims.ts';
import { server } from './server.ts';

// findBy*/waitFor wait up to 10 s: the first render of a file loads lazy route chunks, which takes
// more than the default second on a busy machine.
configure({ asyncUtilTimeout: 10_000 });
// A file for the server's render runs without a document (`@vitest-environment node`).
const inBrowser = typeof document !== 'undefined';
if (inBrowser) {
  installDomShims();
  initI18n('en');
}

beforeAll(async () => {
  server.listen({ onUnhandledFrame: 'error' });
  if (inBrowser) installFetchShim();
  // Dialogs, menus and tooltips load their code on idle in the app (lib/lazy-part.ts); a test opens
  // them right after a render, as a user does once the page is idle.
  await loadLazyParts();
});

afterEach(async () => {
  server.resetHandlers();
  if (!inBrowser) return;
  cleanup();
  window.localStorage.clear();
  await i18next.changeLanguage('en');
});

afterAll(() => {
  server.close();
});
