/** Where a user was when the session ended, to come back to after signing in again (this tab only). */
const KEY = 'portal.returnPath';

/** Only a path of this app that is not a sign-in page (never another site: no open redirect). */
function isReturnablePath(path: string): boolean {
  return (
    path.startsWith('/') &&
    !path.startsWith('//') &&
    !path.startsWith('/\\') &&
    !path.startsWith('/login') &&
    !path.startsWith('/auth/')
  );
}

export function rememberReturnPath(path: string): void {
  if (isReturnablePath(path)) window.sessionStorage.setItem(KEY, path);
}

/** The remembered path, once: reading it forgets it. */
export function takeReturnPath(): string | null {
  const path = window.sessionStorage.getItem(KEY);
  window.sessionStorage.removeItem(KEY);
  return path && isReturnablePath(path) ? path : null;
}
