import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;
const BLOCKING = new Set(['serious', 'critical']);

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
type Violation = AxeResults['violations'][number];

function describeViolation(violation: Violation): string {
  const nodes = violation.nodes
    .slice(0, 5)
    .map((node) => `    - ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ') ?? ''}`)
    .join('\n');
  const more = violation.nodes.length > 5 ? `\n    ... and ${violation.nodes.length - 5} more` : '';
  return `  [${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes}${more}`;
}

/**
 * Runs axe (WCAG 2.0/2.1 A and AA) on the page as it is now and throws, listing them,
 * when any violation is serious or critical. Returns the full results for further checks.
 */
export async function expectNoSeriousA11yViolations(page: Page, label = page.url()): Promise<AxeResults> {
  const results = await new AxeBuilder({ page }).withTags([...WCAG_TAGS]).analyze();
  const blocking = results.violations.filter((violation) => BLOCKING.has(violation.impact ?? ''));
  if (blocking.length > 0) {
    throw new Error(
      `Accessibility violations (serious or critical) on ${label}:\n${blocking.map(describeViolation).join('\n')}`,
    );
  }
  return results;
}
