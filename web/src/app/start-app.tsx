import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { initI18n, loadLanguage, rememberLanguageForServer, storedLanguage } from '../lib/i18n/i18n.ts';
import { createNotificationStore } from '../lib/notifications/notification-store.ts';
import { App } from './app.tsx';
import { embeddedState, embeddedUser, prepareFirstPage } from './first-page.ts';
import { releaseUntilApp } from './inert-until-started.ts';
import { createAppQueryClient } from './query-client.ts';
import { preloadScreen } from './router.tsx';

/**
 * The element positions from `root` down to `element` (elements only: the server's markup separates
 * neighbouring texts with comments the app's has not).
 */
function pathFrom(root: Element, element: Element): number[] {
  const path: number[] = [];
  for (let current = element; current !== root && current.parentElement; current = current.parentElement)
    path.unshift(Array.prototype.indexOf.call(current.parentElement.children, current));
  return path;
}

/**
 * The app draws its page over the server's in one commit, which replaces the elements: whatever had
 * the focus there (a link, a badge reached by Tab) would lose it to the page's top. The app's page is
 * the same markup, so the focus goes to the element at the same place in it.
 */
function keepFocusThroughTakeover(container: HTMLElement): void {
  let focused: number[] | null = null;
  const remember = (event: FocusEvent) => {
    focused = event.target instanceof Element ? pathFrom(container, event.target) : null;
  };
  // Moved away on the server's page. Chromium also says so while the page is being replaced (the
  // element still in the document): that is no move, so only a focus lost with the element kept counts.
  const forget = (event: FocusEvent) => {
    const { target } = event;
    if (event.relatedTarget !== null || !(target instanceof Node)) return;
    setTimeout(() => {
      if (target.isConnected && document.activeElement === document.body) focused = null;
    });
  };
  container.addEventListener('focusin', remember);
  container.addEventListener('focusout', forget);
  if (
    document.activeElement &&
    document.activeElement !== container &&
    container.contains(document.activeElement)
  )
    focused = pathFrom(container, document.activeElement);
  const observer = new MutationObserver(() => {
    observer.disconnect();
    container.removeEventListener('focusin', remember);
    container.removeEventListener('focusout', forget);
    if (!focused || (document.activeElement && document.activeElement !== document.body)) return;
    let target: Element | undefined = container;
    for (const index of focused) target = target?.children[index];
    if (target instanceof HTMLElement) target.focus({ preventScroll: true });
  });
  observer.observe(container, { childList: true });
}

/** Every page but a fresh load of /login: the whole app with router, queries and the signed-in shell. */
export async function startApp(container: HTMLElement): Promise<void> {
  const { pathname } = window.location;
  const screen = preloadScreen(pathname);
  const notificationStore = createNotificationStore();
  const queryClient = createAppQueryClient(notificationStore);
  const language = storedLanguage();
  rememberLanguageForServer(language);
  const user = embeddedUser();
  // Before any query: a first call that fails is told in a notification, in words.
  initI18n();
  await Promise.all([
    // Render in the visitor's language from the start rather than switching after a first English paint.
    language ? loadLanguage(language).catch(() => undefined) : undefined,
    // A signed-in visit (the server embedded the user) draws its page once, complete: with its screen
    // and first data. Without it, the shell asks GET /users/me and the page loads as it renders.
    ...(user ? [prepareFirstPage(queryClient, user), screen] : []),
  ]);
  const tree = (
    <StrictMode>
      <App queryClient={queryClient} notificationStore={notificationStore} onStarted={releaseUntilApp} />
    </StrictMode>
  );
  // A page the server drew is hydrated: the app adopts its elements instead of drawing them again, in
  // a transition, so the work is split into short tasks (no long task blocks a click); the controls the
  // server disabled until now are released once it has (App's onStarted). Where the app's page differs
  // (a mismatch), React draws that part afresh.
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
  if (container.firstElementChild) keepFocusThroughTakeover(container);
  const root = createRoot(container);
  startTransition(() => {
    root.render(tree);
  });
}
