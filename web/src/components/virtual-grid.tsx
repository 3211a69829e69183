import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { type CSSProperties, Fragment, type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { FIRST_VIEW, OVERSCAN } from './virtual-list.tsx';

/** What a card spreads on its `<li>`: its place in the whole list and, first in its row, the row's measuring. */
export type GridItemProps = {
  ref?: (element: HTMLLIElement | null) => void;
  'data-row'?: number;
  /** Set on a focused card kept outside the window: placed at its own row and column. */
  style?: CSSProperties;
  'aria-posinset': number;
  'aria-setsize': number;
};

export type VirtualGridProps<T> = {
  items: readonly T[];
  /** The list's classes: a CSS grid whose columns follow the width (`grid-columns`). */
  className: string;
  /** A first guess of a row's height in px; real heights are measured. */
  estimateSize: number;
  /** The grid's row gap in px (its CSS `gap`). */
  gap: number;
  getKey: (item: T) => string;
  /** The items of grids above it on the page: the first screen they fill is not this grid's to draw. */
  itemsAbove?: number;
  renderItem: (item: T, props: GridItemProps) => ReactNode;
};

/** The most columns `grid-columns` has at any width (styles/pages.css). */
const MAX_COLUMNS = 3;
const ROW_ATTRIBUTE = 'data-row';

/** The columns the grid's CSS gave it (1 where nothing is laid out, as in a test's DOM). */
function columnsOf(list: HTMLElement): number {
  const template = getComputedStyle(list).gridTemplateColumns.trim();
  return template === '' || template === 'none' ? 1 : template.split(/\s+/).length;
}

/** The index of the card holding `element`, or null when it is not one of `list`'s cards. */
function cardIndexOf(element: EventTarget | Element | null, list: HTMLUListElement | null): number | null {
  const card = element instanceof Element ? element.closest<HTMLElement>('li[aria-posinset]') : null;
  return card && card.parentElement === list ? Number(card.getAttribute('aria-posinset')) - 1 : null;
}

/** Where the list begins in the document, in px from its top. */
const documentTop = (list: HTMLElement) => list.getBoundingClientRect().top + window.scrollY;

/**
 * A grid of cards (its columns set by CSS for the width) that renders only the rows near the viewport,
 * like VirtualList does for a list: rows in the normal flow between a top and a bottom padding standing
 * for the rows outside the window.
 *
 * The server knows no width, so its page (and the app's first render, which must equal it) holds the
 * first items for the widest grid: the first view's rows at the most columns plus the overscan, which
 * covers a first screen at every width (less what the grids above it draw). Once the app has read the columns it keeps the rows near the
 * viewport only; what it drops lies below the first screen, so nothing in view moves. The focused
 * card stays rendered (and focused) however far the page scrolls: outside the window it is placed out
 * of the flow at its own row and column, so keyboard users never lose the focus to the page's top.
 */
export function VirtualGrid<T>({
  items,
  className,
  estimateSize,
  gap,
  getKey,
  itemsAbove = 0,
  renderItem,
}: VirtualGridProps<T>) {
  const listRef = useRef<HTMLUListElement>(null);
  const [measured, setMeasured] = useState<{ columns: number; top: number } | null>(null);
  const [focused, setFocused] = useState<number | null>(null);
  const firstView = MAX_COLUMNS * (Math.ceil(FIRST_VIEW.height / estimateSize) + OVERSCAN);
  const firstItems = Math.min(items.length, Math.max(0, firstView - itemsAbove));
  // A grid whose items are all drawn at first stays as it is: no measuring, no second render.
  const windowed = items.length > firstItems;
  // The grid's columns and place, read where the browser has just laid the page out (a ResizeObserver's
  // callback: no layout forced in a commit), again whenever the page's size changes: a new width may
  // change the columns, a list above that grows moves the grid.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!windowed || !list) return;
    const observer = new ResizeObserver(() => {
      const next = { columns: columnsOf(list), top: documentTop(list) };
      setMeasured((current) =>
        current && current.columns === next.columns && Math.abs(current.top - next.top) < 1 ? current : next,
      );
    });
    observer.observe(document.body);
    // A card focused on the page the server drew, before the app took over, reached no onFocus.
    setFocused((current) => current ?? cardIndexOf(document.activeElement, list));
    return () => observer.disconnect();
  }, [windowed]);
  const layout = windowed ? measured : null;
  const columns = layout?.columns ?? MAX_COLUMNS;
  const virtualizer = useWindowVirtualizer({
    count: Math.ceil(items.length / columns),
    estimateSize: () => estimateSize,
    overscan: OVERSCAN,
    gap,
    scrollMargin: layout?.top ?? 0,
    initialRect: FIRST_VIEW,
    indexAttribute: ROW_ATTRIBUTE,
    enabled: layout !== null,
    getItemKey: (row) =>
      items
        .slice(row * columns, row * columns + columns)
        .map(getKey)
        .join(' '),
  });
  const rows = layout ? virtualizer.getVirtualItems() : [];
  const firstRow = rows[0];
  const lastRow = rows[rows.length - 1];
  const margin = virtualizer.options.scrollMargin;
  const start = layout ? (firstRow?.index ?? 0) * columns : 0;
  const end = layout ? Math.min(items.length, ((lastRow?.index ?? -1) + 1) * columns) : firstItems;
  const paddingTop = firstRow ? firstRow.start - margin : 0;
  const paddingBottom = lastRow ? Math.max(0, virtualizer.getTotalSize() - (lastRow.end - margin)) : 0;

  // The focused card, when the window has left it: drawn where it is, before or after the window's
  // rows in the document order (Tab goes on from it), the same element throughout (one keyed array).
  const kept = layout && focused !== null && focused < items.length && (focused < start || focused >= end);
  const card = (index: number, style?: CSSProperties) => {
    const item = items[index] as T;
    const firstInRow = style === undefined && layout !== null && index % columns === 0;
    return (
      <Fragment key={getKey(item)}>
        {renderItem(item, {
          ...(firstInRow ? { ref: virtualizer.measureElement, [ROW_ATTRIBUTE]: index / columns } : {}),
          ...(style ? { style } : {}),
          'aria-posinset': index + 1,
          'aria-setsize': items.length,
        })}
      </Fragment>
    );
  };
  const keptCard = () => {
    if (!kept || focused === null) return null;
    const row = Math.floor(focused / columns);
    const column = focused % columns;
    const rowStart = virtualizer.measurementsCache[row]?.start ?? row * (estimateSize + gap) + margin;
    return card(focused, {
      position: 'absolute',
      top: rowStart - margin,
      insetInlineStart: `calc((100% + ${gap}px) * ${column} / ${columns})`,
      width: `calc((100% - ${gap * (columns - 1)}px) / ${columns})`,
    });
  };

  return (
    <ul
      ref={listRef}
      className={className}
      style={layout ? { position: 'relative', paddingTop, paddingBottom } : undefined}
      onFocus={(event) => {
        const index = cardIndexOf(event.target, listRef.current);
        if (index !== null) setFocused(index);
      }}
    >
      {[
        ...(kept && focused !== null && focused < start ? [keptCard()] : []),
        ...items.slice(start, end).map((_, offset) => card(start + offset)),
        ...(kept && focused !== null && focused >= end ? [keptCard()] : []),
      ]}
    </ul>
  );
}
