import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { initI18n, loadLanguage, rememberLanguageForServer, storedLanguage } from '../lib/i18n/i18n.ts';
import { createNotificationStore } from '../lib/notifications/notification-store.ts';
import { nextTask } from '../lib/start-stages.ts';
import { App } from './app.tsx';
import { embeddedState, embeddedUser, prepareFirstPage } from './first-page.ts';
import { releaseUntilApp } from './inert-until-started.ts';
import { keepFocusThroughTakeover } from './keep-focus.ts';
import { createAppQueryClient } from './query-client.ts';
import { createAppRouter, preloadScreen } from './router.tsx';

/** Every page but a fresh load of /login: the whole app with router, queries and the signed-in shell. */
export async function startApp(container: HTMLElement): Promise<void> {
  // The start is a row of short tasks (issue 26): this module's evaluation, reading what the page and
  // the browser hold, the translations, the first answers, the router, then the hydration's slices.
  await nextTask();
  const { pathname } = window.location;
  const screen = preloadScreen(pathname);
  // The page's first storage read (the browser opens the origin's storage for it) and the cookie.
  const language = storedLanguage();
  rememberLanguageForServer(language);
  const user = embeddedUser();
  await nextTask();
  const notificationStore = createNotificationStore();
  const queryClient = createAppQueryClient(notificationStore);
  // Before any query: a first call that fails is told in a notification, in words.
  initI18n(language ?? undefined);
  await nextTask();
  await Promise.all([
    // Render in the visitor's language from the start rather than switching after a first English paint.
    language ? loadLanguage(language).catch(() => undefined) : undefined,
    // A signed-in visit (the server embedded the user) draws its page once, complete: with its screen
    // and first data. Without it, the shell asks GET /users/me and the page loads as it renders.
    ...(user ? [prepareFirstPage(queryClient, user), screen] : []),
  ]);
  // The router (its routes matched and ranked: tens of ms on a slow phone) in a task of its own, not
  // inside the first render's: the start stays a row of short tasks (issue 26).
  await nextTask();
  const router = createAppRouter();
  await nextTask();
  // What has the focus on the server's page keeps it wherever the app draws afresh (app/keep-focus.ts).
  const keepingFocus = container.firstElementChild ? keepFocusThroughTakeover(container) : () => {};
  const onStarted = () => {
    keepingFocus();
    releaseUntilApp();
  };
  const tree = (
    <StrictMode>
      <App
        queryClient={queryClient}
        notificationStore={notificationStore}
        onStarted={onStarted}
        router={router}
      />
    </StrictMode>
  );
  // A page the server drew is hydrated: the app adopts its elements instead of drawing them again, in
  // a transition, so the work is split into short tasks (no long task blocks a click); the controls the
  // server disabled until now are released once it has (App's onStarted). Where the app's page differs
  // (a mismatch), React draws that part afresh. A page has no Suspense boundary around its screen
  // (app/router.tsx), so it is hydrated with the shell, in the same pass, before its controls work.
  if (user && embeddedState() && container.firstElementChild) {
    startTransition(() => {
      hydrateRoot(container, tree, {
        onRecoverableError: (error) => console.error('hydration', error),
      });
    });
    return;
  }
  // A transition, so the first render is split into short tasks: the page stays as the server drew
  // it (or the boot placeholder) until the app's identical page replaces it in one commit.
  const root = createRoot(container);
  startTransition(() => {
    root.render(tree);
  });
}
