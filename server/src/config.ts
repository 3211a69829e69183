import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadProxyConfig, type ProxyConfig } from './proxy-config.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** See README "Modes": only `test` on a loopback address trusts the X-User-Id header. */
export const portalModes = ['production', 'demo', 'development', 'test'] as const;
export type PortalMode = (typeof portalModes)[number];

/** Fastify's `trustProxy`: false (no proxy), a hop count, or the proxies' addresses (IPs or CIDR ranges). */
export type TrustProxy = false | number | string[];

/** Every setting the reference server reads, with its documented default (see README "Configuration"). */
export interface Config {
  mode: PortalMode;
  /** Whether PORTAL_MODE was set or the default (demo) was used; stated at start. */
  modeExplicit: boolean;
  host: string;
  trustProxy: TrustProxy;
  port: number;
  /** Public origin of the portal, used for invitation links and OIDC redirect URIs. */
  publicUrl: string;
  databaseUrl: string;
  dataDir: string;
  webDist: string;
  openapiPath: string;
  logLevel: string;
  /** Seed the personas when the database has no users yet. */
  seedOnEmpty: boolean;
  /** The scenario seeded into an empty database (SEED_SCENARIO, default `demo`). */
  seedScenario: string;
  /** Validate JSON answers against the contract; a mismatch is logged (and answers 500 in test mode). */
  validateResponses: boolean;
  session: { idleMinutes: number; absoluteHours: number; cookieName: string };
  oidc: { issuer: string | null; clientId: string; clientSecret: string | null };
  brand: { productName: string; manufacturer: string; supportEmail: string };
  /** Calls of `/api/v1/login` per client address and window (a script filling LoginAttempt, hammering the provider). */
  loginRateLimit: { max: number; windowMs: number };
  redeemRateLimit: { max: number; windowMs: number };
  /** Download jobs one user may have waiting or running at once; more answer 429. */
  exportsPerUser: number;
  /** Private worlds per browser session or `X-Sandbox` client (outside production only). */
  /** `prepare`: before answering, build the default scenario's template and warm up one sandbox. */
  sandboxes: {
    max: number;
    idleMinutes: number;
    maxDiskMb: number;
    prepare: boolean;
    spares: number;
    sparesMax: number;
    spareCopies: number;
  };
  /** The validating proxy to a real back end (PROXY_TARGET, PROXY_FALLBACK, PROXY_FALLBACK_AS). */
  proxy: ProxyConfig;
  /**
   * Connection time limits (docs/decisions/0040): a request's headers, the whole request with its body,
   * an idle kept-alive connection between requests.
   */
  timeouts: { headersMs: number; requestMs: number; idleMs: number; shutdownMs: number };
  /** Other origins whose pages may call the API with credentials (CORS_ORIGINS); empty: none. */
  corsOrigins: string[];
}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number.parseInt(raw, 10);
  if (!Number.isFinite(value)) throw new Error(`${name} must be a whole number, got "${raw}"`);
  return value;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(raw.toLowerCase());
}

/**
 * `CORS_ORIGINS`: a comma-separated list of origins (`scheme://host[:port]`), each normalised as the
 * browser sends it in `Origin`. `*` is refused: answers carry credentials, which a wildcard cannot.
 */
export function parseCorsOrigins(raw: string | undefined): string[] {
  const origins = new Set<string>();
  for (const entry of (raw ?? '').split(',').map((value) => value.trim())) {
    if (entry === '') continue;
    const url = URL.canParse(entry) ? new URL(entry) : null;
    const bare = url && (url.pathname === '/' || url.pathname === '') && !url.search && !url.hash;
    if (!url || !['http:', 'https:'].includes(url.protocol) || !bare || url.username || url.password) {
      throw new Error(
        `CORS_ORIGINS lists origins such as http://localhost:5173 (scheme, host and port, no path), got "${entry}"`,
      );
    }
    origins.add(url.origin);
  }
  return [...origins];
}

/** `TRUST_PROXY`: unset, empty, `false` or `0` trust nobody; a number is a hop count; else addresses. */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) return Number.parseInt(value, 10);
  if (value === 'true') {
    throw new Error(
      "TRUST_PROXY=true would trust any client's X-Forwarded-For: give a hop count or addresses",
    );
  }
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  // Unset means demo: the built-in sign-in and seeded personas, but never header identity.
  const modeRaw = env.PORTAL_MODE || 'demo';
  if (!(portalModes as readonly string[]).includes(modeRaw)) {
    throw new Error(`PORTAL_MODE must be production, demo, development or test, got "${modeRaw}"`);
  }
  const mode = modeRaw as PortalMode;
  const port = int(env, 'PORT', 3000);
  const dataDir = path.resolve(repoRoot, env.DATA_DIR ?? 'data');
  const config: Config = {
    mode,
    modeExplicit: Boolean(env.PORTAL_MODE),
    host: env.HOST ?? '127.0.0.1',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    port,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    databaseUrl: env.DATABASE_URL ?? `file:${path.join(dataDir, 'portal.db')}`,
    dataDir,
    webDist: path.resolve(repoRoot, env.WEB_DIST ?? 'web/dist'),
    openapiPath: path.join(repoRoot, 'openapi.yaml'),
    logLevel: env.LOG_LEVEL ?? (mode === 'test' ? 'silent' : 'info'),
    // Production never seeds personas or access codes, whatever SEED_ON_EMPTY says.
    seedOnEmpty: mode !== 'production' && bool(env, 'SEED_ON_EMPTY', true),
    seedScenario: env.SEED_SCENARIO || 'demo',
    validateResponses: bool(env, 'VALIDATE_RESPONSES', mode !== 'production'),
    session: {
      idleMinutes: int(env, 'SESSION_IDLE_MINUTES', 30),
      absoluteHours: int(env, 'SESSION_ABSOLUTE_HOURS', 12),
      cookieName: 'portal_session',
    },
    oidc: {
      issuer: env.OIDC_ISSUER ?? null,
      clientId: env.OIDC_CLIENT_ID ?? 'data-act-portal',
      clientSecret: env.OIDC_CLIENT_SECRET ?? null,
    },
    brand: {
      productName: env.BRAND_PRODUCT_NAME ?? 'Data Act Portal',
      manufacturer: env.BRAND_MANUFACTURER ?? 'the manufacturer',
      supportEmail: env.BRAND_SUPPORT_EMAIL ?? 'support@example.com',
    },
    loginRateLimit: {
      max: int(env, 'LOGIN_RATE_LIMIT_MAX', 120),
      windowMs: int(env, 'LOGIN_RATE_LIMIT_WINDOW_MS', 60_000),
    },
    redeemRateLimit: {
      max: int(env, 'REDEEM_RATE_LIMIT_MAX', 10),
      windowMs: int(env, 'REDEEM_RATE_LIMIT_WINDOW_MS', 60_000),
    },
    exportsPerUser: int(env, 'EXPORTS_PER_USER', 5),
    sandboxes: {
      max: int(env, 'SANDBOX_MAX', 50),
      idleMinutes: int(env, 'SANDBOX_IDLE_MINUTES', 30),
      maxDiskMb: int(env, 'SANDBOX_MAX_DISK_MB', 1024),
      // Off in test mode by default: each test server would otherwise seed a template it rarely uses.
      prepare: bool(env, 'SANDBOX_PREPARE', mode !== 'test'),
      // Team mode: databases copied ahead per template in use, so a creation takes one (decisions 0083, 0106).
      spares: int(env, 'SANDBOX_SPARES', 8),
      // …grown by a burst of creations up to this, shrunk back when idle (decision 0119).
      sparesMax: int(env, 'SANDBOX_SPARES_MAX', 32),
      // …copied this many side by side at most when missing (decisions 0133, 0174).
      spareCopies: int(env, 'SANDBOX_SPARE_COPIES', 2),
    },
    proxy: loadProxyConfig(env, mode),
    timeouts: {
      headersMs: int(env, 'HEADERS_TIMEOUT_MS', 15_000),
      // Room for the largest upload (3 files of 5 MB) on a slow line.
      requestMs: int(env, 'REQUEST_TIMEOUT_MS', 120_000),
      // Longer than the 60 s idle timeout of common load balancers, so they close first, never us
      // under a request they are about to send.
      idleMs: int(env, 'IDLE_TIMEOUT_MS', 72_000),
      // A stop (SIGTERM, SIGINT) waits for calls being answered at most this long, then exits anyway.
      shutdownMs: int(env, 'SHUTDOWN_TIMEOUT_MS', 10_000),
    },
    corsOrigins: parseCorsOrigins(env.CORS_ORIGINS),
  };
  return { ...config, ...overrides };
}

/** Simulator, built-in sign-in and seeded personas: every mode but production. */
export const isDevMode = (config: Pick<Config, 'mode'>): boolean => config.mode !== 'production';

export const isLoopbackHost = (host: string): boolean =>
  host === 'localhost' || host === '::1' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);

/** X-User-Id is an identity anyone can claim: only an explicit test server reachable from this machine alone. */
export const allowsHeaderIdentity = (config: Pick<Config, 'mode' | 'modeExplicit' | 'host'>): boolean =>
  config.mode === 'test' && config.modeExplicit && isLoopbackHost(config.host);

/** Why this configuration must not start, as a sentence for the operator; null when it may. */
export function startupRefusal(config: Config): string | null {
  if (config.mode === 'production' && !config.oidc.issuer) {
    // The built-in provider lets anyone pick any account: fine for demos, never for production.
    return 'PORTAL_MODE=production needs an external identity provider: set OIDC_ISSUER and OIDC_CLIENT_ID.';
  }
  const { headersMs, requestMs, idleMs, shutdownMs } = config.timeouts;
  if (!(headersMs > 0 && requestMs > 0 && idleMs > 0) || headersMs > requestMs) {
    return `HEADERS_TIMEOUT_MS (${headersMs}), REQUEST_TIMEOUT_MS (${requestMs}) and IDLE_TIMEOUT_MS (${idleMs}) must be positive, and the headers' limit at most the request's.`;
  }
  if (!(shutdownMs > 0)) return `SHUTDOWN_TIMEOUT_MS (${shutdownMs}) must be positive.`;
  if (config.mode === 'development' && !isLoopbackHost(config.host)) {
    return `PORTAL_MODE=${config.mode} only listens on this machine (HOST=127.0.0.1), not on ${config.host}: use PORTAL_MODE=demo to show the portal on a network.`;
  }
  return null;
}

/** The start-up line that says which mode runs and what that means. */
export function modeStatement(config: Config): string {
  const unset = config.modeExplicit ? '' : ' (PORTAL_MODE is not set)';
  const what: Record<PortalMode, string> = {
    production: 'external sign-in only, no simulator, no seeded personas',
    demo: 'seeded personas, built-in sign-in and simulator; not for real data',
    development: 'seeded personas, built-in sign-in and simulator, this machine only',
    test: allowsHeaderIdentity(config)
      ? 'X-User-Id header identity, simulator, this machine only'
      : 'simulator; X-User-Id is refused off loopback',
  };
  return `${config.mode} mode${unset}: ${what[config.mode]}`;
}
