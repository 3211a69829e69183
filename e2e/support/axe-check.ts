import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** WCAG 2.0 and 2.1, levels A and AA. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Runs axe on the page (or on `include`, a CSS selector) and throws, listing each one, when a
 * serious or critical violation is found. Moderate and minor findings are returned for reporting.
 */
export async function expectNoSeriousViolations(page: Page, screen: string, include?: string) {
  // Legacy mode runs axe in the page itself: the default opens a blank page per check to merge the
  // results of cross-origin frames (our pages have none), which cost seconds per check on a loaded
  // 2-core machine. Only violations are reported, so axe does not gather details of every pass.
  let builder = new AxeBuilder({ page })
    .withTags(AXE_TAGS)
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] });
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (serious.length > 0) {
    const details = serious
      .map((v) => {
        const nodes = v.nodes.map((node) => `    ${node.target.join(' ')}: ${node.failureSummary ?? ''}`);
        return `  [${v.impact}] ${v.id}: ${v.help}\n${nodes.join('\n')}`;
      })
      .join('\n');
    throw new Error(`axe found serious or critical violations on ${screen}:\n${details}`);
  }
  return violations;
}
