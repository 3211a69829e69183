import { defaultRangeExtractor, type Range, useWindowVirtualizer } from '@tanstack/react-virtual';
import {
  type CSSProperties,
  Fragment,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { PagedList } from '../lib/paged-list/use-paged-list.ts';
import { LoadFailure } from './load-failure.tsx';

/** What a card spreads on its `<li>`: position, measuring, and its place in the whole list. */
export type ListItemProps = {
  ref: (element: HTMLLIElement | null) => void;
  style: CSSProperties;
  'data-index': number;
  'aria-posinset': number;
  'aria-setsize': number;
};

export type VirtualListProps<T> = {
  /** The list loaded so far (usePagedList): its items, its whole size on the server (X-Total-Count,
   * announced and set on every item) and its next page. */
  list: PagedList<T>;
  label: string;
  className: string;
  /** A first guess of an item's height in px; real heights are measured. */
  estimateSize: number;
  getKey: (item: T) => string;
  /** The item's card (an `<li>` spreading `props`); the list keys it by `getKey`. */
  renderItem: (item: T, props: ListItemProps) => ReactNode;
};

const GAP_PX = 12; // --space-3 between cards
const OVERSCAN = 6;
/** Ask for the next page this many items before the end comes into view. */
const PREFETCH = 15;

/**
 * A list that renders only the items near the viewport (window scrolling, so the page keeps its
 * layout), loads the next page before the end is reached, keeps the focused item rendered while it
 * scrolls away, and tells screen readers how many items the whole list has.
 */
export function VirtualList<T>(props: VirtualListProps<T>) {
  const { list, label, className, estimateSize, getKey, renderItem } = props;
  const { items, total, query } = list;
  const { t } = useTranslation();
  const listRef = useRef<HTMLUListElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  const [focused, setFocused] = useState<number | null>(null);
  useLayoutEffect(() => {
    setScrollMargin(listRef.current?.offsetTop ?? 0);
  }, []);
  // The focused item stays rendered (and focused) however far the list scrolls.
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (focused === null || focused >= items.length || indexes.includes(focused)) return indexes;
      return [...indexes, focused].sort((a, b) => a - b);
    },
    [focused, items.length],
  );
  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: () => estimateSize,
    overscan: OVERSCAN,
    gap: GAP_PX,
    scrollMargin,
    rangeExtractor,
    getItemKey: (index) => getKey(items[index] as T),
  });
  const virtualItems = virtualizer.getVirtualItems();
  const lastIndex = virtualItems[virtualItems.length - 1]?.index ?? -1;
  const hasMore = query.hasNextPage;
  const loadingMore = query.isFetchingNextPage;
  const loadMoreFailed = query.isFetchNextPageError;
  const onLoadMore = useCallback(() => void query.fetchNextPage(), [query.fetchNextPage]);
  useEffect(() => {
    if (hasMore && !loadingMore && !loadMoreFailed && lastIndex >= items.length - PREFETCH) onLoadMore();
  }, [hasMore, loadingMore, loadMoreFailed, lastIndex, items.length, onLoadMore]);

  return (
    <>
      <p className="visually-hidden" role="status">
        {t('lists.count', { count: total })}
      </p>
      <ul
        ref={listRef}
        className={`virtual-list ${className}`}
        aria-label={label}
        style={{ height: virtualizer.getTotalSize() }}
        onFocus={(event) => {
          const item = (event.target as HTMLElement).closest<HTMLElement>('[data-index]');
          if (item) setFocused(Number(item.dataset.index));
        }}
      >
        {virtualItems.map((virtual) => (
          <Fragment key={virtual.key}>
            {renderItem(items[virtual.index] as T, {
              ref: virtualizer.measureElement,
              style: { transform: `translateY(${virtual.start - virtualizer.options.scrollMargin}px)` },
              'data-index': virtual.index,
              'aria-posinset': virtual.index + 1,
              'aria-setsize': total,
            })}
          </Fragment>
        ))}
      </ul>
      <div className="virtual-list__footer">
        {loadingMore && <p role="status">{t('lists.loadingMore')}</p>}
        {loadMoreFailed && (
          <LoadFailure message={t('lists.loadMoreFailed')} onRetry={onLoadMore} retrying={loadingMore} />
        )}
        {!hasMore && !loadMoreFailed && items.length > 0 && (
          <p className="virtual-list__end">{t('lists.end', { count: total })}</p>
        )}
      </div>
    </>
  );
}
