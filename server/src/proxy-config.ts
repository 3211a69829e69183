/** The validating proxy's settings (see docs/decisions/0021-validating-proxy-fallback.md). */
export interface ProxyConfig {
  /** Base URL of the real back end; null when the reference server answers everything itself. */
  target: string | null;
  fallback: {
    /** Answer from the simulation when the back end does not implement an operation. */
    unimplemented: boolean;
    /** Operations the simulation always answers (switch over one operation at a time). */
    operations: string[];
  };
  /** PROXY_TIMEOUT_MS: each proxied call's deadline (answer and body), then fallback or 504. */
  timeoutMs: number;
  /** Persona the simulation acts as for fallback answers when the caller has no simulated identity. */
  fallbackAs: string | null;
}

type Env = Record<string, string | undefined>;

/** Reads PROXY_TARGET, PROXY_FALLBACK (`unimplemented` and/or operationIds) and PROXY_FALLBACK_AS. */
export function loadProxyConfig(env: Env, mode: string): ProxyConfig {
  const raw = env.PROXY_TARGET?.trim() ?? '';
  let target: string | null = null;
  if (raw !== '') {
    const url = URL.canParse(raw) ? new URL(raw) : null;
    if (!url || !['http:', 'https:'].includes(url.protocol)) {
      throw new Error(`PROXY_TARGET must be an http(s) URL, got "${raw}"`);
    }
    target = url.origin;
  }
  const entries = (env.PROXY_FALLBACK ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const fallbackAs = env.PROXY_FALLBACK_AS?.trim() || null;
  if (mode === 'production' && (entries.length > 0 || fallbackAs)) {
    // Simulated answers must never reach real users.
    throw new Error('PROXY_FALLBACK and PROXY_FALLBACK_AS are not available in production mode');
  }
  const timeoutMs = Number(env.PROXY_TIMEOUT_MS?.trim() || 30_000);
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) {
    throw new Error(
      `PROXY_TIMEOUT_MS must be a positive whole number of milliseconds, got "${env.PROXY_TIMEOUT_MS}"`,
    );
  }
  return {
    target,
    timeoutMs,
    fallback: {
      unimplemented: entries.includes('unimplemented'),
      operations: entries.filter((entry) => entry !== 'unimplemented'),
    },
    fallbackAs,
  };
}
