import type { HttpResponse } from './app.ts';

/** The cookies an answer sets, as one `Cookie` request header (`name=value; name=value`). */
export function cookieHeaderOf(response: Pick<HttpResponse, 'headers'>): string {
  const raw = response.headers['set-cookie'];
  const lines = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  return lines
    .map((line) => line.split(';')[0] ?? '')
    .filter((pair) => pair.includes('=') && !pair.endsWith('='))
    .join('; ');
}
