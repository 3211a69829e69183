import { PAGE_ELEMENT_IDS } from '@portal/contract/web-app';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint } from './after-first-paint.ts';

const PRELOAD = '/assets/app-abc.js';

function drawnPage() {
  const template = document.createElement('template');
  template.id = PAGE_ELEMENT_IDS.afterFirstPaint;
  template.innerHTML = `<link rel="modulepreload" crossorigin href="${PRELOAD}">`;
  document.head.append(template);
}

const preloadInHead = () => document.head.querySelector(`link[href="${PRELOAD}"]`) !== null;

/** A PerformanceObserver whose paint report the test sends. */
function paintReports() {
  const callbacks: PerformanceObserverCallback[] = [];
  class FakeObserver {
    static supportedEntryTypes = ['paint'];
    constructor(callback: PerformanceObserverCallback) {
      callbacks.push(callback);
    }
    observe() {}
    disconnect() {}
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  return (name: string) => {
    const list = { getEntriesByName: (asked: string) => (asked === name ? [{ name }] : []) };
    for (const callback of callbacks)
      callback(list as unknown as PerformanceObserverEntryList, {} as PerformanceObserver);
  };
}

describe('the app asked for after the first paint', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.head.innerHTML = '';
  });

  it('answers at once on a page the server did not draw', async () => {
    await afterFirstPaint();
    expect(document.head.children).toHaveLength(0);
  });

  it("adds the drawn page's preloads once the first paint has been shown, not before", async () => {
    drawnPage();
    const report = paintReports();
    let added = false;
    const waited = afterFirstPaint().then(() => {
      added = true;
    });
    report('first-paint');
    await Promise.resolve();
    expect(added).toBe(false);
    expect(preloadInHead()).toBe(false);
    report('first-contentful-paint');
    await waited;
    expect(preloadInHead()).toBe(true);
    expect(document.getElementById(PAGE_ELEMENT_IDS.afterFirstPaint)).toBeNull();
  });

  it('adds them after a while in a browser that reports no paint', async () => {
    drawnPage();
    vi.stubGlobal('PerformanceObserver', undefined);
    await afterFirstPaint(document, 5);
    expect(preloadInHead()).toBe(true);
  });
});
