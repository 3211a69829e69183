/** Log-safe URL: access codes, OIDC codes/state and export tokens never reach the logs. */
export function redactUrl(url: string): string {
  const [path = '', query] = url.split('?');
  const safePath = path
    // The API's redeem call and the web app's invitation link (/redeem/{code}) carry a code; the
    // decision after a redemption (/invitations/{id}/redeem/accept) does not.
    .replace(/(^|\/invitations)(\/redeem\/)[^/]+/i, '$1$2[redacted]')
    .replace(/(\/exports\/)[^/]+/i, '$1[redacted]');
  if (!query) return safePath;
  const params = new URLSearchParams(query);
  for (const key of [...params.keys()]) {
    if (/^(code|state|token|session|iss|nonce|code_verifier|client_secret)$/i.test(key))
      params.set(key, '[redacted]');
  }
  return `${safePath}?${params.toString()}`;
}
