import { AsyncLocalStorage } from 'node:async_hooks';
import type { SignedInRender, SignedInRenderInput } from '@portal/contract/web-app';
import { dehydrate, type Query, QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { SERVER_RENDER_ORIGIN, setServerFetch } from '../lib/api/client.ts';
import { portalConfigQueryOptions } from '../lib/branding.ts';
import en from '../lib/i18n/en.json';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../lib/i18n/i18n.ts';
import { formatNumber } from '../lib/intl-format.ts';
import { createNotificationStore } from '../lib/notifications/notification-store.ts';
import { currentUserQueryKey } from '../lib/session/current-user.ts';
import { inertUntilStarted } from './inert-until-started.ts';
import { AppProviders } from './provider.tsx';
import { preloadScreen, routeAccess, routes, screenOf } from './router.tsx';
import { guardRedirect } from './shell/route-guard.tsx';

/**
 * The server's render of a signed-in page (server/src/plugins/web-app-render.ts), built by Vite in SSR
 * mode into dist/ssr/ (`npm run build`): the same routes and components the browser renders, so the
 * header, the page and its list are in the HTML and paint before any script has run. The app then
 * draws the identical page over it (app/start-app.tsx). See docs/decisions/0043.
 *
 * No list of a page's calls: the page asks for what it reads. Each pass renders the page, then
 * answers the queries that render created and is waiting for (through the server, with the visitor's
 * cookies), until a pass asks for nothing new; the cache it read travels with the page (TanStack
 * Query's dehydrated state), so the app starts from the same answers.
 */

/** Enough for a page whose calls depend on earlier answers (the user, then the config, then a list). */
const MAX_PASSES = 4;

/** The calls of the render in progress go to that request's server (renders of visits interleave). */
const visitCalls = new AsyncLocalStorage<SignedInRenderInput['fetch']>();
setServerFetch((request) => {
  const fetch = visitCalls.getStore();
  if (!fetch) return Promise.reject(new Error('A call outside a server render'));
  return fetch(request);
});

/** A query's `enabled` (the options of the hook that made it, which the cache keeps). */
function enabled(query: Query): boolean {
  const option: unknown = (query.options as { enabled?: unknown }).enabled;
  return typeof option === 'function' ? option(query) !== false : option !== false;
}

/** Queries the last pass created and would fetch in a browser: not yet answered, enabled. */
const waiting = (client: QueryClient) =>
  client
    .getQueryCache()
    .getAll()
    .filter(
      (query) => query.state.status === 'pending' && query.state.fetchStatus === 'idle' && enabled(query),
    );

async function i18nFor(language: Language) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    resources: {
      en: { translation: en },
      ...(language === 'el' ? { el: { translation: (await import('../lib/i18n/el.json')).default } } : {}),
    },
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  i18n.services.formatter?.add('number', (value, lng) => formatNumber(Number(value), lng));
  return i18n;
}

export const renderSignedInPage: SignedInRender = async (input) => {
  const { pathname } = new URL(input.url, SERVER_RENDER_ORIGIN);
  const screen = screenOf(pathname);
  // Only a screen this visitor may see: a redirect, the terms to accept, a sign-in page are the app's.
  const access = screen ? routeAccess[screen] : undefined;
  if (!access || input.user.termsToAccept || guardRedirect(input.user, pathname, access) !== null)
    return null;
  await preloadScreen(pathname);
  return visitCalls.run(input.fetch, async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    try {
      client.setQueryData(currentUserQueryKey, input.user);
      // The language is drawn from the start: the visitor's choice, else the portal's default.
      const config = await client.fetchQuery(portalConfigQueryOptions());
      const chosen = input.language ?? config.defaultLanguage;
      const i18n = await i18nFor(isLanguage(chosen) ? chosen : DEFAULT_LANGUAGE);
      const router = createMemoryRouter(routes, { initialEntries: [input.url] });
      const notificationStore = createNotificationStore();
      for (let pass = 1; pass <= MAX_PASSES; pass += 1) {
        const markup = renderToString(
          <StrictMode>
            <AppProviders queryClient={client} notificationStore={notificationStore} i18n={i18n}>
              <RouterProvider router={router} />
            </AppProviders>
          </StrictMode>,
        );
        const asked = waiting(client);
        // Its controls work only once the app has taken over: until then they say so.
        if (asked.length === 0)
          return { markup: inertUntilStarted(markup), state: dehydrate(client), language: i18n.language };
        // A failed call leaves the page to the app, which meets the failure itself.
        await Promise.all(asked.map((query) => query.fetch()));
      }
      throw new Error(`the page still asks for data after ${MAX_PASSES} passes`);
    } finally {
      client.clear();
    }
  });
};
