/**
 * The focus through the app's takeover of a page the server drew. Hydration adopts the server's
 * elements, but wherever React draws a part afresh (a mismatch, or the draw-over of a page it does not
 * hydrate) the elements are replaced, and whatever had the focus there (a card's badge reached by Tab, a
 * link, the search field) would lose it to the page's top: a keyboard user on a slow phone starts over.
 * So, from the start until the app has started, the focused element is remembered by where it is, and
 * when it leaves the document its counterpart in the app's page gets the focus back (the caret too).
 */

/**
 * Attributes that name an element the same way in both drawings, most telling first. Ids made by
 * `useId` differ between the server's and the app's drawing (`_R_…` / `_r_…`) and are skipped.
 */
const NAMING_ATTRIBUTES = ['id', 'data-product-id', 'aria-posinset', 'aria-label', 'name'] as const;

const quoted = (value: string) => `"${value.replace(/["\\]/g, '\\$&')}"`;

function nameOf(element: Element): string | null {
  for (const attribute of NAMING_ATTRIBUTES) {
    const value = element.getAttribute(attribute);
    if (value === null || (attribute === 'id' && /^[_:]/.test(value))) continue;
    return `${element.localName}[${attribute}=${quoted(value)}]`;
  }
  return null;
}

/**
 * Where an element is: the named elements from `root` down to it (a selector), then the element
 * positions from the nearest of them (a virtual list's first card is `[aria-posinset="1"]`, whatever
 * else is drawn around it), and the caret of a text field.
 */
type Place = { selector: string; nth: number; path: number[]; selection: [number, number] | null };

function placeOf(root: Element, element: Element): Place {
  const named: string[] = [];
  const path: number[] = [];
  for (let current = element; current !== root && current.parentElement; current = current.parentElement) {
    const name = nameOf(current);
    if (name) named.unshift(name);
    else if (named.length === 0)
      path.unshift(Array.prototype.indexOf.call(current.parentElement.children, current));
  }
  const field =
    element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement ? element : null;
  const selection =
    field && field.selectionStart !== null && field.selectionEnd !== null
      ? ([field.selectionStart, field.selectionEnd] as [number, number])
      : null;
  const selector = named.join(' ');
  // The same names can stand twice (both headers are in the page, CSS shows one): the how-manieth.
  let anchor: Element | null = element;
  for (let step = path.length; step > 0 && anchor; step--) anchor = anchor.parentElement;
  const nth = selector ? Array.prototype.indexOf.call(root.querySelectorAll(selector), anchor) : 0;
  return { selector, nth, path, selection };
}

function elementAt(root: Element, { selector, nth, path }: Place): Element | null {
  let target: Element | null | undefined = selector ? root.querySelectorAll(selector)[nth] : root;
  for (const index of path) target = target?.children[index];
  return target ?? null;
}

function focusAt(root: Element, place: Place): void {
  const target = elementAt(root, place);
  if (!(target instanceof HTMLElement) || target === root) return;
  target.focus({ preventScroll: true });
  if (place.selection && (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement))
    try {
      target.setSelectionRange(...place.selection);
    } catch {
      // A field type without a caret (number, e-mail): the focus is what counts.
    }
}

/**
 * Keeps the focus of `container`'s page through the takeover; call the answer once the app has
 * started (its first page committed). A focus the user moved away on the server's page is no longer
 * kept.
 */
export function keepFocusThroughTakeover(container: HTMLElement): () => void {
  let focused: { element: Element; place: Place } | null = null;
  const remember = (element: Element | null) => {
    focused =
      element && element !== container && container.contains(element)
        ? { element, place: placeOf(container, element) }
        : null;
  };
  const onFocusIn = (event: FocusEvent) => remember(event.target instanceof Element ? event.target : null);
  // The caret moves while the field keeps the focus.
  const onSelect = () => {
    if (focused && document.activeElement === focused.element) remember(focused.element);
  };
  // Moved away on the server's page: Chromium also says so when the element is being removed (still in
  // the document then), which is no move, so only a focus lost with the element kept counts.
  const onFocusOut = (event: FocusEvent) => {
    const { target } = event;
    if (event.relatedTarget !== null || !(target instanceof Element)) return;
    setTimeout(() => {
      if (focused?.element === target && target.isConnected && document.activeElement === document.body)
        focused = null;
    });
  };
  const restore = () => {
    if (!focused || focused.element.isConnected) return;
    const { place } = focused;
    focused = null;
    if (!document.activeElement || document.activeElement === document.body) focusAt(container, place);
  };
  remember(document.activeElement);
  container.addEventListener('focusin', onFocusIn);
  container.addEventListener('focusout', onFocusOut);
  document.addEventListener('selectionchange', onSelect);
  const observer = new MutationObserver(restore);
  observer.observe(container, { childList: true, subtree: true });
  return () => {
    if (observer.takeRecords().length > 0) restore();
    observer.disconnect();
    container.removeEventListener('focusin', onFocusIn);
    container.removeEventListener('focusout', onFocusOut);
    document.removeEventListener('selectionchange', onSelect);
  };
}
