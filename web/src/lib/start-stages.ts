/**
 * Start-up in short tasks. The browser evaluates a module graph in one task: every module a page's
 * first import reaches runs before it can paint or answer a click again. Importing the graph in
 * stages (React, then the translations, then the router…) with a yield between them ends the task
 * after each stage, so no single task holds the whole start. Every stage's files are preloaded by the
 * page (web/app-preload-plugin.ts), so staging adds no request, only task boundaries.
 */

type Scheduler = { yield?: () => Promise<void> };

/** Resolves in a later task: the work before and after it run as separate tasks. */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

/** Imports each stage in order, each in a task of its own, then answers the last one's module. */
export async function importInStages<T>(
  stages: readonly (() => Promise<unknown>)[],
  last: () => Promise<T>,
): Promise<T> {
  for (const stage of stages) {
    await stage();
    await nextTask();
  }
  return last();
}

/**
 * Runs `work` once the browser is idle after the page has started (or after `timeoutMs` at the
 * latest): for what the first screen does not need (the simulator launcher). Answers a cancel function.
 */
export function whenIdle(work: () => void, timeoutMs = 3000): () => void {
  if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(work, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(work, 1000);
  return () => clearTimeout(timer);
}
