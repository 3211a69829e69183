import { type RefObject, useLayoutEffect } from 'react';

/**
 * Keeps the CSS custom property `property` on <html> equal to `measure(element)` (in px) while the
 * element is mounted and `active`, and removes it after: fixed layers (notifications) use it to stay
 * clear of an element whose size only the browser knows (the mode banner, a modal's buttons).
 *
 * Measured in the ResizeObserver's callback (its first comes after the browser's own layout, before the
 * paint), not in the commit: a read there forced a layout of its own. And written only when the value
 * changes: a property on <html> makes the browser recalculate the whole document's style (60–240 ms at
 * the takeover, 4x throttled; docs/benchmarks.md).
 */
export function usePublishedSize(
  element: RefObject<HTMLElement | null>,
  property: `--${string}`,
  measure: (node: HTMLElement) => number = (node) => node.offsetHeight,
  active = true,
) {
  useLayoutEffect(() => {
    const node = element.current;
    if (!active || !node) return;
    const root = document.documentElement;
    const publish = () => {
      const value = `${Math.max(0, Math.round(measure(node)))}px`;
      if (root.style.getPropertyValue(property) !== value) root.style.setProperty(property, value);
    };
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(publish);
    if (observer) observer.observe(node);
    else publish();
    window.addEventListener('resize', publish);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', publish);
      root.style.removeProperty(property);
    };
  }, [element, property, measure, active]);
}
