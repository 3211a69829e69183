import type { FastifyInstance, HTTPMethods } from 'fastify';
import type { CustomFetch } from '../../auth/relying-party.ts';

type FetchBody = Parameters<CustomFetch>[1]['body'];

function payloadOf(body: FetchBody): string | Buffer | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  if (body instanceof Uint8Array) return Buffer.from(body);
  throw new TypeError('streamed request bodies are not supported in-process');
}

/**
 * The portal talks to its built-in provider through `app.inject`, not the network: it works whatever
 * PUBLIC_URL says (a proxy in front, a port not yet listening in tests). Other origins use real fetch.
 * `sandbox` names the sandbox the calls are made for (X-Sandbox), null for the shared world.
 */
export function inProcessFetch(
  app: FastifyInstance,
  publicUrl: string,
  fallback: CustomFetch,
  sandbox: string | null = null,
): CustomFetch {
  const own = new URL(publicUrl);
  return async (url, options) => {
    const target = new URL(url);
    if (target.origin !== own.origin) return fallback(url, options);
    const response = await app.inject({
      method: options.method as HTTPMethods,
      url: `${target.pathname}${target.search}`,
      headers: {
        ...options.headers,
        ...(sandbox ? { 'x-sandbox': sandbox } : {}),
        host: own.host,
        'x-forwarded-host': own.host,
        'x-forwarded-proto': own.protocol.replace(':', ''),
      },
      payload: payloadOf(options.body),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) headers.append(name, String(item));
    }
    const bodyless = [101, 204, 205, 304].includes(response.statusCode);
    return new Response(bodyless ? null : response.rawPayload, { status: response.statusCode, headers });
  };
}
