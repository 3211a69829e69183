/**
 * One page of a list as the server answers a paged request (`limit`, `cursor`): the page's items,
 * `X-Total-Count`, and `Link: <...>; rel="next"` while more follow. The cursor is the next offset.
 */
export function pageOf<T>(request: Request, items: readonly T[]): { body: T[]; init: ResponseInit } {
  const url = new URL(request.url);
  const limit = Number(url.searchParams.get('limit') ?? items.length);
  const start = Number(url.searchParams.get('cursor') ?? 0);
  const end = start + limit;
  const headers: Record<string, string> = { 'x-total-count': String(items.length) };
  if (end < items.length) {
    url.searchParams.set('cursor', String(end));
    headers.link = `<${url.pathname}${url.search}>; rel="next"`;
  }
  return { body: items.slice(start, end), init: { headers } };
}
