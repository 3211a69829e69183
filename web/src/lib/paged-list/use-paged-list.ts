import {
  type InfiniteData,
  type QueryKey,
  type UseInfiniteQueryResult,
  useInfiniteQuery,
} from '@tanstack/react-query';
import type { ErrorMeta } from '../api/query-errors.ts';

/** One page of a list operation: its items, the cursor of the next page, the list's total. */
export type Page<T> = { items: T[]; next: string | null; total: number };

/** What openapi-fetch answers for a list call. */
type ListAnswer<T> = { data?: T[]; error?: unknown; response: Response };

/** A list loaded page by page: the infinite query, the items loaded so far and the whole size. */
export type PagedList<T> = {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>, unknown>>;
  items: T[];
  total: number;
};

export type PageQuery = { limit: number; cursor?: string; q?: string };

export const PAGE_SIZE = 50;

const NEXT_LINK = /<([^>]*)>\s*;\s*rel="next"/;

/** The cursor of `Link: <...>; rel="next"` (RFC 8288), or null on the last page. */
export function nextCursorOf(response: Response): string | null {
  const match = NEXT_LINK.exec(response.headers.get('link') ?? '');
  if (!match?.[1]) return null;
  return new URL(match[1], 'http://portal.invalid').searchParams.get('cursor');
}

/**
 * A list operation loaded page by page (`limit`, `cursor`, `q`); the next page comes from the
 * `Link` header and the total from `X-Total-Count`, so nothing ever loads the whole list.
 */
export function usePagedList<T>(options: {
  queryKey: QueryKey;
  q: string;
  /** False: no call at all (a list the server would answer empty). */
  enabled?: boolean;
  fetchPage: (query: PageQuery, signal: AbortSignal) => Promise<ListAnswer<T>>;
  /** How a failed page reaches the user (lib/api/query-errors.ts). */
  meta?: ErrorMeta;
}) {
  const { queryKey, q, enabled = true, fetchPage, meta } = options;
  const query = useInfiniteQuery({
    queryKey: [...queryKey, { paged: true, q }],
    enabled,
    ...(meta ? { meta } : {}),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }): Promise<Page<T>> => {
      const pageQuery: PageQuery = { limit: PAGE_SIZE };
      if (pageParam) pageQuery.cursor = pageParam;
      if (q) pageQuery.q = q;
      const { data, error, response } = await fetchPage(pageQuery, signal);
      if (error !== undefined || !data) throw error ?? new Error(`${response.status}`);
      const total = Number(response.headers.get('x-total-count'));
      return {
        items: data,
        next: nextCursorOf(response),
        total: Number.isFinite(total) ? total : data.length,
      };
    },
    getNextPageParam: (last) => last.next,
  });
  const pages = query.data?.pages ?? [];
  const list: PagedList<T> = {
    query,
    items: pages.flatMap((page) => page.items),
    total: pages[0]?.total ?? 0,
  };
  return list;
}
