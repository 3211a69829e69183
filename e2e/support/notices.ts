import type { BrowserContext, Page } from 'playwright-core';

// Notifications are transient (3 s by default): under load a test may look after one is gone. Every
// context of the kit records each notification's text as it appears (support/browser.ts), and the
// tests wait for the record, not for the notification to be still on screen.

declare global {
  interface Window {
    /** The notifications shown in this document, oldest first, not yet seen by a test. */
    __portalNotices?: { message: string; text: string }[];
    /** Every notification's text shown in this document, oldest first. */
    __portalNoticesShown?: string[];
  }
}

/** From the first script of every page of `context`: records each notification as it appears. */
export async function recordNotices(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const notices: { message: string; text: string }[] = [];
    const shown: string[] = [];
    window.__portalNotices = notices;
    window.__portalNoticesShown = shown;
    const seen = new WeakSet<Element>();
    const record = () => {
      for (const element of Array.from(document.querySelectorAll('.ui-notification__message'))) {
        const text = element.textContent?.trim();
        if (seen.has(element) || !text) continue;
        seen.add(element);
        // Its message (the first line), and its whole text with a detail line if it has one.
        notices.push({ message: element.firstElementChild?.textContent?.trim() ?? text, text });
        shown.push(text);
      }
    };
    new MutationObserver(record).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

/**
 * Waits until a notification with exactly this text (or matching this pattern) has appeared since the
 * page loaded, even if it is gone by now, and takes it off the record: the same text expected twice
 * needs two notifications.
 */
export async function sawNotice(page: Page, text: string | RegExp, timeout?: number): Promise<void> {
  const pattern = typeof text === 'string' ? { source: null, text } : { source: text.source, text: null };
  await page.waitForFunction(
    ({ source, text }) => {
      const notices = window.__portalNotices;
      if (!notices) throw new Error('notices are not recorded in this context (support/notices.ts)');
      const matches = (line: string) => (source === null ? line === text : new RegExp(source).test(line));
      const index = notices.findIndex((notice) => matches(notice.message) || matches(notice.text));
      if (index < 0) return false;
      notices.splice(index, 1);
      return true;
    },
    pattern,
    { timeout },
  );
}

/** The texts of every notification shown in the page's document so far, oldest first. */
export function noticesShown(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const shown = window.__portalNoticesShown;
    if (!shown) throw new Error('notices are not recorded in this context (support/notices.ts)');
    return [...shown];
  });
}
