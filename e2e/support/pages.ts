// The one list of every signed-in page of every role (each tab, each registration status), as its
// persona sees it: what the Lighthouse audits, the launcher's coverage and the first-paint checks visit.

/** Every signed-in page: the persona's email and the page's path (with its tab, where it has tabs). */
export const SIGNED_IN_PAGES: readonly (readonly [email: string, path: string])[] = [
  ['owner@example.com', '/products'],
  ['owner@example.com', '/agents'],
  ['owner@example.com', '/agents?tab=invitations'],
  ['fleet@example.com', '/users'],
  ['newco@example.com', '/agent-registration'],
  ['pending@example.com', '/agent-registration'],
  ['rejected@example.com', '/agent-registration'],
  ['admin@example.com', '/admin'],
  ['admin@example.com', '/admin?tab=sharings'],
];

/** Every page of the app: the signed-out ones (null: no session) and every signed-in one. */
export const ALL_PAGES: readonly (readonly [email: string | null, path: string])[] = [
  [null, '/login'],
  // The sign-in page of the whole app, where a signed-out visit of any other page lands.
  [null, '/'],
  ...SIGNED_IN_PAGES,
];
