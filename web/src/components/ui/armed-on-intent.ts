import {
  cloneElement,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  type ReactElement,
  type RefObject,
  type SyntheticEvent,
  useEffect,
  useRef,
  useState,
} from 'react';
import type { LazyPart } from '../../lib/lazy-part.ts';

/**
 * What the user did to a trigger before its menu or tooltip was there: the pointer came over it
 * (`enter`), it got the focus (`focus`), it was pressed (`press`) or a key went down on it (`key`).
 */
export type Intent =
  | { kind: 'enter'; event: PointerEvent<HTMLElement> }
  | { kind: 'focus'; event: FocusEvent<HTMLElement> }
  | { kind: 'press'; event: PointerEvent<HTMLElement> }
  | { kind: 'key'; event: KeyboardEvent<HTMLElement> };

/** The props a trigger spreads until armed: each sees the user's intent, the trigger's own handler first. */
type IntentProps = {
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onPointerDown?: (event: PointerEvent<HTMLElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
};

type Handler<E> = ((event: E) => void) | undefined;

/**
 * A menu or a tooltip (Radix) costs every instance a render, a state update in an effect (its anchor),
 * document listeners and a portal when a page starts, and a list of cards carries one or two per card:
 * on /agents and /users that was most of the takeover's last long task (issue 26). Until the user shows
 * an intent on its trigger (one `replay` answers for: a menu's is a press or an opening key, a tooltip's
 * the pointer coming over it or the focus), the trigger is drawn alone with the same markup (`armed`
 * false); the first intent arms it, and the caller then draws the Radix part around the trigger. That mounts the trigger
 * afresh: the new element gets the focus the old one had, and what the old one was asked to do is done
 * again on it, as the event `replay` answers for the intent (a press that opens a menu, a pointer move
 * that starts a tooltip's delay), once the Radix part's own effects and listeners are in place. A
 * replayed event is the old one's: its default action (focusing the pressed trigger) is prevented.
 */
export function useArmedOnIntent(
  trigger: RefObject<HTMLElement | null>,
  /** For an intent: the event to do again on the armed trigger, `'arm'` to arm without one, null to ignore it. */
  replay: (intent: Intent) => Event | 'arm' | null,
  /** The trigger element as the caller draws it (its own handlers run first). */
  element: ReactElement,
  /** The code the armed part draws with: arming waits until it is loaded (at once if it is). */
  code?: LazyPart<unknown>,
): { armed: boolean; unarmed: (attributes: Record<string, unknown>) => ReactElement } {
  const ownHandlers = element.props as IntentProps;
  const [armed, setArmed] = useState(false);
  const pending = useRef<{ focus: boolean; event: Event | null } | null>(null);
  // A passive effect of the caller runs after those of the Radix part it has just drawn (children first).
  useEffect(() => {
    const next = pending.current;
    const element = trigger.current;
    pending.current = null;
    if (!armed || !next || !element) return;
    if (next.focus) element.focus({ preventScroll: true });
    if (next.event) element.dispatchEvent(next.event);
  }, [armed, trigger]);
  if (armed) return { armed, unarmed: () => element };
  // Several intents can come before the armed trigger is drawn (a touch is an enter and a press).
  const arm = (intent: Intent) => {
    const answer = replay(intent);
    if (answer === null) return;
    const event = answer === 'arm' ? null : answer;
    if (event && intent.kind !== 'enter' && intent.kind !== 'focus') intent.event.preventDefault();
    const focus = document.activeElement === intent.event.currentTarget;
    pending.current = {
      focus: focus || (pending.current?.focus ?? false),
      event: event ?? pending.current?.event ?? null,
    };
    if (!code || code.loaded()) setArmed(true);
    else
      code.load().then(
        () => setArmed(true),
        // Its code could not be fetched: nothing is replayed, and the next intent fetches it again.
        () => {
          pending.current = null;
        },
      );
  };
  const on =
    <E extends SyntheticEvent<HTMLElement>>(own: Handler<E>, intentOf: (event: E) => Intent) =>
    (event: E) => {
      own?.(event);
      if (!event.defaultPrevented) arm(intentOf(event));
    };
  const intentProps: IntentProps = {
    onPointerEnter: on(ownHandlers.onPointerEnter, (event) => ({ kind: 'enter', event })),
    onFocus: on(ownHandlers.onFocus, (event) => ({ kind: 'focus', event })),
    onPointerDown: on(ownHandlers.onPointerDown, (event) => ({ kind: 'press', event })),
    onKeyDown: on(ownHandlers.onKeyDown, (event) => ({ kind: 'key', event })),
  };
  // The trigger alone, with the attributes Radix's closed trigger has.
  const unarmed = (attributes: Record<string, unknown>) =>
    cloneElement(element as ReactElement<Record<string, unknown>>, {
      ...intentProps,
      ref: trigger,
      ...attributes,
    });
  return { armed, unarmed };
}
