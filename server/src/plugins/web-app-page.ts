import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { CurrentUser } from '../auth/current-user.ts';
import type { Role } from '../lib/route.ts';

// The app's page (index.html) for a signed-in visit: the current user written in, so the app draws
// the header and page without first asking GET /api/v1/users/me, and the screen's files and first data
// calls named as preloads, so they load beside the app instead of after it. See
// docs/decisions/0031-signed-in-first-load.md.

/** Written by the web build (web/app-preload-plugin.ts): a screen's chunks and stylesheets by route. */
type RoutePreloads = Record<string, { modules: string[]; styles: string[] }>;

/** The element the web app reads the user from (web/src/app/embedded-user.ts). */
export const EMBEDDED_USER_ID = 'portal-current-user';

/**
 * A screen's first calls, each sent by the app with credentials. A preload is only used when its mode
 * matches the later request's: the app's fetches send credentials, Vite loads a screen's stylesheet
 * with `crossorigin` (anonymous), and module preloads are always CORS.
 */
const firstDataCalls: Record<string, { role: Role; urls: readonly string[] }> = {
  '/products': { role: 'user', urls: ['/api/v1/products', '/api/v1/products/download/jobs'] },
};

/** JSON that cannot end the script element it sits in (`</script>`) nor open a comment (`<!--`). */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

export async function readRoutePreloads(webDist: string): Promise<RoutePreloads> {
  try {
    return JSON.parse(await readFile(path.join(webDist, 'route-preloads.json'), 'utf8')) as RoutePreloads;
  } catch {
    return {}; // an older build without the file: the page still works, only later
  }
}

/** index.html with the signed-in user embedded and the route's screen and first calls preloaded. */
export function signedInPage(
  html: string,
  pathname: string,
  user: CurrentUser,
  preloads: RoutePreloads,
): string {
  const route = pathname.replace(/\/+$/, '') || '/';
  const screen = preloads[route];
  const calls = firstDataCalls[route];
  const pageCalls = calls && calls.role === user.role && !user.termsToAccept ? calls.urls : [];
  const links = [
    ...(screen?.modules ?? []).map(
      (href) => `<link rel="modulepreload" crossorigin href="${attribute(href)}">`,
    ),
    ...(screen?.styles ?? []).map(
      (href) => `<link rel="preload" as="style" crossorigin href="${attribute(href)}">`,
    ),
    // The configuration is drawn above every page (web/src/app/first-page.ts asks for it first).
    ...['/api/v1/config', ...pageCalls].map(
      (href) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${attribute(href)}">`,
    ),
  ];
  const head = [
    `<script type="application/json" id="${EMBEDDED_USER_ID}">${scriptSafeJson(user)}</script>`,
    ...links,
  ].join('\n    ');
  return html.replace('</head>', () => `  ${head}\n  </head>`);
}
