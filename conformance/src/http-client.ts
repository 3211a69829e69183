import { fillPath, type RequestSpec } from './contract-operations.ts';
import { type Exchange, redactor } from './redact.ts';

export interface HttpAnswer {
  status: number;
  headers: Headers;
  /** Parsed JSON when the answer says JSON (`application/json` or any `+json` type), else undefined. */
  json?: unknown;
  /** Raw text of the answer. */
  text: string;
  contentType: string;
  /** The request as sent and this answer, secrets redacted (for the reports). */
  exchange: Exchange;
}

/** Sign-in: the headers that make a request come from a persona (email of a seeded user). */
export type SignIn = (persona: string | undefined) => Promise<Record<string, string>>;

/** A request already encoded: URL path with query, headers and raw body (e.g. a generated case). */
export interface RawRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
}

/**
 * The target did not answer: refused connection, reset, DNS failure, or no answer within the request
 * timeout. The run stops when the target stays unreachable (see run.ts), instead of failing every case.
 */
export class NoAnswer extends Error {
  constructor(
    message: string,
    readonly exchange: Exchange,
    readonly timedOut: boolean,
  ) {
    super(message);
  }
}

export interface HttpClientOptions {
  target: string;
  signIn: SignIn;
  /** Sent as `Origin` on every request (default: none, as any non-browser client). */
  origin?: string;
  /** Per request (default 30 s). */
  timeoutMs?: number;
  /** Values to hide in reports besides the usual credentials (a --bearer token, a --cookie). */
  secrets?: readonly string[];
}

export interface HttpClient {
  target: string;
  call(method: string, path: string, spec: RequestSpec, persona?: string): Promise<HttpAnswer>;
  send(request: RawRequest, persona?: string): Promise<HttpAnswer>;
}

/** `application/json`, `application/problem+json`, `application/vnd.x+json; charset=utf-8`... */
export const isJsonType = (contentType: string) =>
  /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i.test(contentType.trim());

const shown = 2000;

export function createHttpClient(options: HttpClientOptions): HttpClient {
  // A target under a path (`https://gateway.example/portal`) keeps it in front of the contract's paths.
  const base = new URL(options.target);
  const prefix = base.pathname.replace(/\/+$/, '');
  const resolve = (url: string) => new URL(`${prefix}${url}`, base.origin);
  const timeoutMs = options.timeoutMs ?? 30_000;
  const redact = redactor(options.secrets ?? []);
  const send = async (request: RawRequest, persona?: string): Promise<HttpAnswer> => {
    const headers: Record<string, string> = { accept: 'application/json, */*' };
    if (options.origin) headers.origin = options.origin;
    Object.assign(headers, persona === undefined ? {} : await options.signIn(persona), request.headers);
    const url = resolve(request.url);
    const sent = redact.request({
      method: request.method,
      url: `${url.pathname}${url.search}`,
      headers,
      body: typeof request.body === 'string' ? request.body.slice(0, shown) : request.body ? '(bytes)' : '',
    });
    let response: Response;
    try {
      response = await fetch(url, {
        method: request.method,
        headers,
        body: request.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      const why = timedOut
        ? `no answer within ${timeoutMs / 1000} s`
        : `no answer: ${cause?.code ?? cause?.message ?? (error as Error).message}`;
      throw new NoAnswer(why, { request: sent }, timedOut);
    }
    const contentType = response.headers.get('content-type') ?? '';
    let text = '';
    try {
      text = request.method === 'HEAD' ? '' : await response.text();
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      const why = timedOut
        ? `the answer did not finish within ${timeoutMs / 1000} s`
        : `the answer broke off: ${(error as Error).message}`;
      throw new NoAnswer(why, { request: sent }, timedOut);
    }
    let json: unknown;
    if (isJsonType(contentType) && text) {
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
    }
    const exchange: Exchange = {
      request: sent,
      answer: redact.answer({
        status: response.status,
        headers: Object.fromEntries(response.headers),
        body:
          isJsonType(contentType) || contentType.startsWith('text/') || contentType === ''
            ? text.slice(0, shown)
            : `(${text.length} bytes of ${contentType})`,
      }),
    };
    return { status: response.status, headers: response.headers, json, text, contentType, exchange };
  };
  return {
    target: options.target,
    send,
    call(method, path, spec, persona) {
      const query = new URLSearchParams(spec.query).toString();
      const url = `${fillPath(path, spec.params)}${query ? `?${query}` : ''}`;
      const headers = { ...spec.headers };
      let body: string | Uint8Array | undefined;
      if (spec.raw) {
        headers['content-type'] = spec.raw.contentType;
        body = spec.raw.data;
      } else if (spec.body !== undefined) {
        headers['content-type'] ??= 'application/json';
        body = JSON.stringify(spec.body);
      }
      return send({ method, url, headers, body }, persona);
    },
  };
}
