import { PAGE_ELEMENT_IDS } from '@portal/contract/web-app';

/**
 * A page the server drew paints without the app, and the app's modules are asked for after that paint
 * (decision 0135): the server writes their preloads into a `<template>` (inert: nothing in it is
 * fetched), and the entry script adds them to the page once the first paint has been shown. Without
 * that template (the boot placeholder, the sign-in page) it answers at once.
 */
export function afterFirstPaint(
  doc: Document = document,
  /** The longest wait for the paint's report (a browser that never sends one). */
  fallbackMs = 1000,
): Promise<void> {
  const template = doc.getElementById(PAGE_ELEMENT_IDS.afterFirstPaint);
  if (!(template instanceof HTMLTemplateElement)) return Promise.resolve();
  return firstPaintShown(doc, fallbackMs).then(() => {
    doc.head.append(template.content);
    template.remove();
  });
}

/**
 * Resolves once the first contentful paint has been reported (Paint Timing: after it was shown), at
 * once for a hidden page (not painted until shown), after `fallbackMs` at the latest.
 */
function firstPaintShown(doc: Document, fallbackMs: number): Promise<void> {
  return new Promise((resolve) => {
    let observer: PerformanceObserver | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      observer?.disconnect();
      clearTimeout(timer);
      resolve();
    };
    if (doc.visibilityState === 'hidden') return done();
    timer = setTimeout(done, fallbackMs);
    if (typeof PerformanceObserver === 'undefined') return;
    if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) return;
    observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) done();
    });
    observer.observe({ type: 'paint', buffered: true });
  });
}
