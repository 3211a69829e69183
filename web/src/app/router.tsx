import { type ComponentType, lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
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
 * React.lazy for a screen. An already loaded screen is handed over synchronously (a thenable that
 * calls back at once), so a first page whose screen was preloaded renders without a Suspense fallback
 * flashing in between (no layout shift).
 */
function lazyScreen(screen: string) {
  return lazy(() => {
    const module = loaded.get(screen);
    if (module) {
      const ready = {
        // biome-ignore lint/suspicious/noThenProperty: a thenable on purpose, for React.lazy to resolve at once
        then: (resolve: (value: ScreenModule) => void) => resolve(module),
      };
      return ready as unknown as Promise<ScreenModule>;
    }
    return loadScreen(screen);
  });
}

/** A screen's route: its guard around its lazily loaded module. */
function screenRoute(path: string): RouteObject {
  const Screen = lazyScreen(path);
  const access = routeAccess[path];
  if (!access) throw new Error(`No access rule for ${path}`);
  return {
    path,
    element: (
      <RouteGuard {...access}>
        <Screen />
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

export function createAppRouter() {
  return createBrowserRouter(routes);
}
