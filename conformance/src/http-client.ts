import { fillPath, type RequestSpec } from './contract-operations.ts';

export interface HttpAnswer {
  status: number;
  headers: Headers;
  /** Parsed JSON when the answer says JSON, else undefined. */
  json?: unknown;
  /** Raw text of a non-JSON answer (first 2,000 characters), or the JSON text. */
  text: string;
  contentType: string;
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

export interface HttpClient {
  target: string;
  call(method: string, path: string, spec: RequestSpec, persona?: string): Promise<HttpAnswer>;
  send(request: RawRequest, persona?: string): Promise<HttpAnswer>;
}

export function createHttpClient(target: string, signIn: SignIn): HttpClient {
  const origin = new URL(target).origin;
  const send = async (request: RawRequest, persona?: string): Promise<HttpAnswer> => {
    // The reference server refuses state-changing calls from another origin (CSRF); send our own.
    const headers: Record<string, string> = { origin, accept: 'application/json, */*' };
    Object.assign(headers, persona === undefined ? {} : await signIn(persona), request.headers);
    const response = await fetch(new URL(request.url, origin), {
      method: request.method,
      headers,
      body: request.body,
      redirect: 'manual',
    });
    const contentType = response.headers.get('content-type') ?? '';
    const text = request.method === 'HEAD' ? '' : await response.text();
    let json: unknown;
    if (contentType.includes('json') && text) {
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
    }
    return { status: response.status, headers: response.headers, json, text, contentType };
  };
  return {
    target,
    send,
    call(method, path, spec, persona) {
      const url = new URL(fillPath(path, spec.params), origin);
      for (const [name, value] of Object.entries(spec.query)) url.searchParams.set(name, value);
      const headers = { ...spec.headers };
      let body: string | Uint8Array | undefined;
      if (spec.raw) {
        headers['content-type'] = spec.raw.contentType;
        body = spec.raw.data;
      } else if (spec.body !== undefined) {
        headers['content-type'] ??= 'application/json';
        body = JSON.stringify(spec.body);
      }
      return send({ method, url: `${url.pathname}${url.search}`, headers, body }, persona);
    },
  };
}
