import { useEffect, useState } from 'react';
import { whenIdle } from './start-stages.ts';

/**
 * Code the first screen does not draw (a dialog, a menu's open list, a tooltip's bubble) as a module
 * of its own: loaded when first needed, and otherwise fetched and evaluated ahead, one part per idle
 * moment once the user first interacts with the started app (`prefetchLazyParts`), so opening it later
 * shows no delay. The page start then evaluates none of it (issue 26: the Radix dialog and menu code was 90–240 ms of the
 * takeover, 4× throttled).
 */
export type LazyPart<M> = {
  /** The module once loaded, else null. */
  loaded: () => M | null;
  /** Loads the module (once), answering it. */
  load: () => Promise<M>;
};

const parts: LazyPart<unknown>[] = [];

export function lazyPart<M>(importer: () => Promise<M>): LazyPart<M> {
  let module: M | null = null;
  let pending: Promise<M> | null = null;
  const part: LazyPart<M> = {
    loaded: () => module,
    load: () => {
      pending ??= importer().then(
        (loaded) => {
          module = loaded;
          return loaded;
        },
        (error: unknown) => {
          // A chunk that could not be fetched (offline, a new deployment) is fetched again next time.
          pending = null;
          throw error;
        },
      );
      return pending;
    },
  };
  parts.push(part);
  return part;
}

/** The part's module where the caller is drawn only once it is loaded (inside an open menu). */
export function loadedPart<M>(part: LazyPart<M>): M {
  const module = part.loaded();
  if (!module) throw new Error('A lazy part was drawn before its code was loaded');
  return module;
}

/** Loads every part at once (component tests, which open dialogs and menus right after a render). */
export function loadLazyParts(): Promise<unknown[]> {
  return Promise.all(parts.map((part) => part.load()));
}

/** What a user does before opening anything: the parts load at the first of these. */
const INTERACTIONS = ['pointermove', 'pointerdown', 'keydown', 'touchstart', 'wheel'] as const;

/**
 * Once the user first interacts with the page (the pointer moves, a touch, a key: what comes before
 * any dialog or menu is opened), loads every part not loaded yet, each in an idle moment of its own
 * (its evaluation is then a task of its own). A visit that only reads the page loads none of it, and
 * nothing of it competes with the page's start. Call once the app has started; answers a cancel function.
 */
export function prefetchLazyParts(): () => void {
  let cancel = () => {};
  let stopped = false;
  const next = (index: number) => {
    const part = parts[index];
    if (stopped || !part) return;
    if (part.loaded()) return next(index + 1);
    cancel = whenIdle(() => {
      void part.load().then(
        () => next(index + 1),
        () => next(index + 1),
      );
    }, 500);
  };
  const start = () => {
    stop();
    next(0);
  };
  const stop = () => {
    for (const type of INTERACTIONS) window.removeEventListener(type, start, true);
  };
  for (const type of INTERACTIONS) window.addEventListener(type, start, { capture: true, passive: true });
  return () => {
    stopped = true;
    stop();
    cancel();
  };
}

/** How long a part whose code could not be fetched waits before it is fetched again, while needed. */
const RETRY_MS = [500, 2000, 5000];

/**
 * The part's module, loading it when `needed` (a re-render follows once it is there); null until then.
 * A fetch that fails is tried again while the part is needed (the network came back, a deployment
 * finished), a few times; after that the next need tries again.
 */
export function useLazyPart<M>(part: LazyPart<M>, needed: boolean): M | null {
  const [, setLoaded] = useState(false);
  const module = part.loaded();
  useEffect(() => {
    if (!needed || module) return;
    let current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = (failures: number) => {
      part.load().then(
        () => {
          if (current) setLoaded(true);
        },
        () => {
          const wait = RETRY_MS[failures];
          if (current && wait !== undefined) timer = setTimeout(() => attempt(failures + 1), wait);
        },
      );
    };
    attempt(0);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [part, needed, module]);
  return module;
}
