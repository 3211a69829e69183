/**
 * Where a dialog opened from a menu item sends focus back to. Choosing the item closes the menu and
 * removes the item, so when the dialog opens the focus is on nothing (the page top): the menu's button
 * is remembered as the item is chosen, for the dialog opened by that choice (components/ui/modal.tsx).
 */
export type FocusOrigin = { element: HTMLElement; label: string | null };

let origin: (FocusOrigin & { at: number }) | null = null;

/** How long after the choice a dialog counts as opened by it. */
const OPENED_BY_CHOICE_MS = 1000;

export function rememberFocusOrigin(element: HTMLElement | null): void {
  origin = element ? { element, label: element.getAttribute('aria-label'), at: performance.now() } : null;
}

/** The menu button a dialog opening now was opened from, if any (then forgotten). */
export function takeFocusOrigin(): FocusOrigin | null {
  const taken = origin;
  origin = null;
  return taken && performance.now() - taken.at <= OPENED_BY_CHOICE_MS
    ? { element: taken.element, label: taken.label }
    : null;
}
