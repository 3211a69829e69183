import { QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { CurrentUser } from '../lib/api/types.ts';
import { type Device, setServerDevice } from '../lib/breakpoints.ts';
import en from '../lib/i18n/en.json';
import { DEFAULT_LANGUAGE, type Language } from '../lib/i18n/i18n.ts';
import { formatNumber } from '../lib/intl-format.ts';
import { createNotificationStore } from '../lib/notifications/notification-store.ts';
import { seedFirstAnswers } from './first-answers.ts';
import { inertUntilStarted } from './inert-until-started.ts';
import { AppProviders } from './provider.tsx';
import { preloadScreen, routes } from './router.tsx';

/**
 * The server's render of a signed-in first page (server/src/plugins/web-app-page.ts), built by Vite in
 * SSR mode into dist/ssr/ (`npm run build`): the same routes and components the browser renders, from
 * the same answers the page embeds, so the header, the page and its list are in the HTML and paint
 * before any script has run. The app then draws the identical page over it (app/start-app.tsx); until
 * then the page's controls are disabled (app/inert-until-started.ts). See
 * docs/decisions/0036-signed-in-page-drawn-by-the-server.md.
 */
export type SignedInRenderInput = {
  pathname: string;
  user: CurrentUser;
  /** The exact answers of the page's first GET calls, by path (GET /api/v1/config among them). */
  answers: Record<string, unknown>;
  language: Language;
  device: Device;
};

export async function renderSignedInPage(input: SignedInRenderInput): Promise<string> {
  await preloadScreen(input.pathname);
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    resources: {
      en: { translation: en },
      ...(input.language === 'el'
        ? { el: { translation: (await import('../lib/i18n/el.json')).default } }
        : {}),
    },
    lng: input.language,
    fallbackLng: DEFAULT_LANGUAGE,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  i18n.services.formatter?.add('number', (value, language) => formatNumber(Number(value), language));
  // Nothing is fetched on the server: every query the page reads is seeded, none refetches.
  const queryClient = new QueryClient({ defaultOptions: { queries: { enabled: false, retry: false } } });
  seedFirstAnswers(queryClient, input.user, input.answers);
  const router = createMemoryRouter(routes, { initialEntries: [input.pathname] });
  setServerDevice(input.device);
  try {
    // Its controls work only once the app has taken over: until then they say so (inert-until-started.ts).
    return inertUntilStarted(
      renderToString(
        <StrictMode>
          <AppProviders queryClient={queryClient} notificationStore={createNotificationStore()} i18n={i18n}>
            <RouterProvider router={router} />
          </AppProviders>
        </StrictMode>,
      ),
    );
  } finally {
    setServerDevice('laptop');
    queryClient.clear();
  }
}
