import { type ComponentType, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { Spinner } from '../components/ui/spinner.tsx';
import { AuthCallbackPage } from '../features/auth/auth-callback-page.tsx';
import { LoginRoute } from '../features/auth/login-route.tsx';
import { RootLayout } from './root-layout.tsx';
import { AppShell } from './shell/app-shell.tsx';
import { ErrorPage } from './shell/error-page.tsx';
import { RedirectHandler } from './shell/redirect-handler.tsx';
import { type RouteAccess, RouteGuard } from './shell/route-guard.tsx';

/**
 * The signed-in screens: `app/routes/<name>-route.tsx` serves `/<name>` (its default export). They load
 * on demand, so the sign-in page ships only the shell's code; the build's manifest lists each under its
 * file, which is how the server learns a route's files (web/app-preload-plugin.ts).
 */
const screenModules = import.meta.glob<{ default: ComponentType }>('./routes/*-route.tsx');
const screens = new Map(
  Object.entries(screenModules).map(([file, load]) => [
    file.replace(/^\.\/routes\/(.*)-route\.tsx$/, '/$1'),
    load,
  ]),
);

/** Who may open each screen (the route guard; the server draws only what the guard lets through). */
export const routeAccess: Readonly<Record<string, RouteAccess>> = {
  '/products': { roles: ['user'] },
  '/agents': { roles: ['user'] },
  '/agent-registration': { roles: ['agent'], agentActive: false },
  '/users': { roles: ['agent'], agentActive: true },
  '/admin': { roles: ['admin'] },
};

type ScreenModule = { default: ComponentType };
const loading = new Map<string, Promise<ScreenModule>>();
const loaded = new Map<string, ScreenModule>();

/** One fetch per screen, shared by the first page's preload and the route; a failed one is tried again. */
function loadScreen(screen: string): Promise<ScreenModule> {
  let promise = loading.get(screen);
  if (!promise) {
    const load = screens.get(screen);
    if (!load) return Promise.reject(new Error(`No screen for ${screen}`));
    promise = load().then(
      (module) => {
        loaded.set(screen, module);
        return module;
      },
      (error: unknown) => {
        loading.delete(screen);
        throw error;
      },
    );
    loading.set(screen, promise);
  }
  return promise;
}

/** The screen route of a page path (no trailing slash), or null when it is not a screen. */
export function screenOf(pathname: string): string | null {
  const screen = pathname.replace(/\/+$/, '');
  return screens.has(screen) ? screen : null;
}

/**
 * Starts fetching the screen of a first page load at once, in parallel with the session check; the
 * promise settles when it is loaded (never rejects: the route shows a failure itself).
 */
export function preloadScreen(pathname: string): Promise<void> {
  const screen = screenOf(pathname);
  if (!screen) return Promise.resolve();
  return loadScreen(screen).then(
    () => undefined,
    () => undefined,
  );
}

/**
 * A screen's component. A screen already loaded (every first page: its module is preloaded, on the
 * server too) is drawn as it is, with no Suspense boundary around it: React hydrates the content of a
 * boundary in a later pass of its own, at the lowest priority, after the shell is live, and a scroll or
 * an update in between made that late pass differ from the server's page, which React then drew
 * afresh (the focused element lost its focus, e2e/large-lists.test.ts). A screen not loaded yet (a
 * later navigation) waits behind a boundary with a spinner. The choice is made once per mount: a
 * switch between the two would draw the page anew.
 */
function Screen({ screen, loading }: { screen: string; loading: ComponentType }) {
  const { t } = useTranslation();
  const [module] = useState(() => loaded.get(screen) ?? null);
  if (module) return <module.default />;
  const Loading = loading;
  return (
    <Suspense fallback={<Spinner label={t('common.loading')} />}>
      <Loading />
    </Suspense>
  );
}

/** A screen's route: its guard around its lazily loaded module. */
function screenRoute(path: string): RouteObject {
  const loading = lazy(() => loadScreen(path));
  const access = routeAccess[path];
  if (!access) throw new Error(`No access rule for ${path}`);
  return {
    path,
    element: (
      <RouteGuard {...access}>
        <Screen key={path} screen={path} loading={loading} />
      </RouteGuard>
    ),
  };
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    children: [
      { path: '/login', element: <LoginRoute /> },
      { path: '/auth/callback', element: <AuthCallbackPage /> },
      { index: true, element: <RedirectHandler /> },
      { element: <AppShell />, children: [...screens.keys()].map(screenRoute) },
      { path: '*', element: <RedirectHandler /> },
    ],
  },
];

export type AppRouter = ReturnType<typeof createBrowserRouter>;

export function createAppRouter(): AppRouter {
  return createBrowserRouter(routes);
}
