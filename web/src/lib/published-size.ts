import { type RefObject, useLayoutEffect } from 'react';

/**
 * Keeps the CSS custom property `property` on <html> equal to `measure(element)` (in px) while the
 * element is mounted and `active`, and removes it after: fixed layers (notifications) use it to stay
 * clear of an element whose size only the browser knows (the mode banner, a modal's buttons).
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
    const publish = () => root.style.setProperty(property, `${Math.max(0, Math.round(measure(node)))}px`);
    publish();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(publish);
    observer?.observe(node);
    window.addEventListener('resize', publish);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', publish);
      root.style.removeProperty(property);
    };
  }, [element, property, measure, active]);
}
