import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadLanguage, storedLanguage } from '../lib/i18n/i18n.ts';
import { App } from './app.tsx';
import { preloadScreen } from './router.tsx';

/** Every page but a fresh load of /login: the whole app with router, queries and the signed-in shell. */
export async function startApp(container: HTMLElement): Promise<void> {
  preloadScreen(window.location.pathname);
  const language = storedLanguage();
  // Render in the visitor's language from the start rather than switching after a first English paint.
  if (language) await loadLanguage(language).catch(() => undefined);
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
