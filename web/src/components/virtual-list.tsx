import {
  defaultRangeExtractor,
  type Range,
  useWindowVirtualizer,
  type VirtualItem,
} from '@tanstack/react-virtual';
import {
  type CSSProperties,
  Fragment,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useReducer,
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

const GAP_PX = 12; // --space-3 between cards (the list's CSS gap)
export const OVERSCAN = 6;
/**
 * The viewport a render without one assumes (the server's, and the app's first, which must equal it):
 * tall enough for a phone's or a laptop's first screen of cards, which are then in the page's HTML.
 */
export const FIRST_VIEW = { width: 0, height: 1000 };
/** The cards' ref before the list is measured. */
const noMeasure = () => {};
/** Ask for the next page this many items before the end comes into view. */
const PREFETCH = 15;

/**
 * The measures of the lists the user left, by history entry and list: coming Back to an entry, its
 * list places its cards by their measured heights again, so the place ScrollRestoration gives the
 * window back shows the same cards (estimated heights put other cards there). The last few only.
 */
const leftMeasures = new Map<string, VirtualItem[]>();
const LEFT_MEASURES_KEPT = 20;

/** The history entry's key (react-router's, in `history.state`), or '' outside a router's history. */
const entryKey = () => {
  const state: unknown = typeof window === 'undefined' ? null : window.history.state;
  return state && typeof state === 'object' && 'key' in state ? String(state.key) : '';
};

/** The height of `items` in the list: each its measured height in `measures`, else `estimate`. */
function unmeasuredHeight<T>(
  items: readonly T[],
  getKey: (item: T) => string,
  measures: readonly VirtualItem[],
  estimate: number,
): number {
  const sizes = new Map(measures.map((measure) => [measure.key, measure.size]));
  return items.reduce((sum, item) => sum + (sizes.get(getKey(item)) ?? estimate) + GAP_PX, 0);
}

/** The index of the list item holding `element`, or null when it is not in `list`. */
function itemIndexOf(element: Element | null, list: HTMLUListElement | null): number | null {
  const item = element?.closest<HTMLElement>('[data-index]');
  return item && list?.contains(item) ? Number(item.dataset.index) : null;
}

/**
 * A list that renders only the items near the viewport (window scrolling, so the page keeps its
 * layout), loads the next page before the end is reached, keeps the focused item rendered while it
 * scrolls away, and tells screen readers how many items the whole list has.
 *
 * The rendered items are in the normal flow, between a top and a bottom padding that stand for the
 * items outside the window: the first items need no measuring to sit right, so a page drawn by the
 * server (which measures nothing) is the page the app draws over it, and nothing moves. A focused item
 * kept outside the window is placed at its own offset instead.
 */
export function VirtualList<T>(props: VirtualListProps<T>) {
  const { list, label, className, estimateSize, getKey, renderItem } = props;
  const { items, total, query } = list;
  const { t } = useTranslation();
  const listRef = useRef<HTMLUListElement>(null);
  // Where the list begins in the page (the virtualizer's scroll margin), null until the next frame: read
  // there, outside React's commit, so hydrating the page is one render (a state set in the commit, and
  // the virtualizer's measuring of each card, re-rendered every card synchronously inside the
  // hydration's task). Until then the list is drawn as the server drew it, unmeasured.
  const [top, setTop] = useState<number | null>(null);
  const [focused, setFocused] = useState<number | null>(null);
  // This history entry's list, and the measures it had when the user left it (if they come Back).
  const [place] = useState(() => `${entryKey()} ${label}`);
  const [left] = useState(() => leftMeasures.get(place));
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const frame = requestAnimationFrame(() => setTop(list.offsetTop));
    // An item focused on the page the server drew, before the app took over, reached no onFocus.
    const index = itemIndexOf(document.activeElement, list);
    if (index !== null) setFocused(index);
    return () => cancelAnimationFrame(frame);
  }, []);
  const measured = top !== null;
  // The focused item stays rendered (and focused) however far the list scrolls.
  const kept = useRef<number | null>(null);
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      kept.current = null;
      if (focused === null || focused >= items.length || indexes.includes(focused)) return indexes;
      kept.current = focused;
      return [...indexes, focused].sort((a, b) => a - b);
    },
    [focused, items.length],
  );
  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: () => estimateSize,
    overscan: OVERSCAN,
    gap: GAP_PX,
    scrollMargin: top ?? 0,
    rangeExtractor,
    enabled: measured,
    initialRect: FIRST_VIEW,
    // Read when the virtualizer is enabled (the next frame, `measured`), which scrolls the window to it:
    // where the window is then, so nothing moves. The first render does not read it: it is the server's
    // page, drawn at the top, unmeasured (a window scrolled before the app took over would otherwise draw
    // other items, a mismatch). A fixed 0 sent the window back to the top there, undoing the place Back
    // had restored (ScrollRestoration) and any scroll made before the takeover.
    initialOffset: () => window.scrollY,
    getItemKey: (index) => getKey(items[index] as T),
    initialMeasurementsCache: left,
  });
  useEffect(
    () => () => {
      if (virtualizer.measurementsCache.length === 0) return;
      leftMeasures.delete(place);
      leftMeasures.set(place, virtualizer.measurementsCache);
      for (const oldest of leftMeasures.keys()) {
        if (leftMeasures.size <= LEFT_MEASURES_KEPT) break;
        leftMeasures.delete(oldest);
      }
    },
    [virtualizer, place],
  );
  // Once mounted, the window's real scroll position (the virtualizer hears only later scroll events).
  const [, followWindow] = useReducer((renders: number) => renders + 1, 0);
  useLayoutEffect(() => {
    if (!measured || virtualizer.scrollOffset === window.scrollY) return;
    virtualizer.scrollOffset = window.scrollY;
    followWindow();
  }, [virtualizer, measured]);
  // Unmeasured (the server's page and the app's first render, which must equal it): the first view's
  // items at their estimated size, the rest stood for by the bottom padding.
  const firstItems = Math.min(items.length, Math.ceil(FIRST_VIEW.height / estimateSize) + OVERSCAN);
  const virtualItems = measured
    ? virtualizer.getVirtualItems()
    : items.slice(0, firstItems).map((item, index) => ({
        index,
        key: getKey(item),
        start: index * (estimateSize + GAP_PX),
        end: index * (estimateSize + GAP_PX) + estimateSize,
      }));
  const inFlow = virtualItems.filter((item) => item.index !== kept.current);
  const margin = virtualizer.options.scrollMargin;
  const firstInFlow = inFlow[0];
  const lastInFlow = inFlow[inFlow.length - 1];
  const paddingTop = measured && firstInFlow ? firstInFlow.start - margin : 0;
  const paddingBottom = measured
    ? lastInFlow
      ? Math.max(0, virtualizer.getTotalSize() - (lastInFlow.end - margin))
      : 0
    : left
      ? // Back to a list measured before: its height as measured, so the window's place fits in it.
        unmeasuredHeight(items.slice(firstItems), getKey, left, estimateSize)
      : (items.length - firstItems) * (estimateSize + GAP_PX);
  const lastIndex = lastInFlow?.index ?? -1;
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
        style={{ paddingTop, paddingBottom }}
        onFocus={(event) => {
          const index = itemIndexOf(event.target, listRef.current);
          if (index !== null) setFocused(index);
        }}
      >
        {virtualItems.map((virtual) => (
          <Fragment key={virtual.key}>
            {renderItem(items[virtual.index] as T, {
              ref: measured ? virtualizer.measureElement : noMeasure,
              style:
                virtual.index === kept.current
                  ? { position: 'absolute', insetInline: 0, top: virtual.start - margin }
                  : {},
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
