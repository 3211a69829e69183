// What a test reads off the built-in identity provider's sign-in page, and the web app's callback
// step: shared by the server's sign-in tests (server/test/auth/browser.ts) and the benchmarks.

/** The form action and the account button of `email` on the provider's sign-in page. */
export function accountButton(html: string, email: string): { action: string; accountId: string } {
  const action = /<form method="post" action="([^"]+)">/.exec(html)?.[1];
  const escaped = email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const accountId = new RegExp(`value="([^"]+)">\\s*<span class="email">${escaped}</span>`).exec(html)?.[1];
  if (!action || !accountId) throw new Error(`no account button for ${email} on the sign-in page`);
  return { action: action.replaceAll('&#38;', '&'), accountId };
}

/** What the web app's /auth/callback does: forward code, iss, state and client_id to the login endpoint. */
export function loginUrlFromCallback(callbackUrl: string): string {
  const callback = new URL(callbackUrl, 'http://localhost');
  if (callback.pathname !== '/auth/callback')
    throw new Error(`expected the web app callback, got ${callback.pathname}`);
  const forwarded = new URLSearchParams();
  for (const key of ['code', 'iss', 'state', 'client_id', 'error']) {
    const value = callback.searchParams.get(key);
    if (value !== null) forwarded.set(key, value);
  }
  return `/api/v1/login?${forwarded.toString()}`;
}
