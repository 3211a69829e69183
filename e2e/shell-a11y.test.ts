import { describe, it } from 'vitest';
import { expectNoSeriousViolations } from './support/axe-check.ts';
import { newContext, signedInPage, viewports } from './support/browser.ts';
import { useBrowser } from './support/kit.ts';

const widths = Object.keys(viewports) as (keyof typeof viewports)[];

describe('shell: accessibility (axe, WCAG 2.1 A/AA, no serious or critical violation)', () => {
  const browser = useBrowser();

  it.each(widths)('the login page, with and without an error (%s)', async (width) => {
    const context = await newContext(browser(), width);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login / Sign up' }).waitFor();
    await expectNoSeriousViolations(page, `login (${width})`);
    await page.goto('/login?error=unavailable');
    await page.getByRole('alert').waitFor();
    await expectNoSeriousViolations(page, `login with error (${width})`);
    await context.close();
  });

  it.each(widths)('the signed-in shell for the owner on /products, menus open too (%s)', async (width) => {
    const { context, page } = await signedInPage(browser(), 'owner@example.com', width);
    await page.waitForURL('**/products');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('contentinfo').waitFor();
    await page.waitForLoadState('networkidle');
    await expectNoSeriousViolations(page, `owner /products (${width})`);

    await page.getByRole('button', { name: width === 'mobile' ? 'Open menu' : 'Account menu' }).click();
    await page.getByRole('menu').waitFor();
    await expectNoSeriousViolations(page, `account menu open (${width})`);
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Download catalogue' }).click();
    await page.getByRole('menu').waitFor();
    await expectNoSeriousViolations(page, `catalogue menu open (${width})`);
    await context.close();
  });

  it.each(widths)('the terms modal (%s)', async (width) => {
    const { context, page } = await signedInPage(browser(), 'terms@example.com', width);
    await page.getByRole('dialog', { name: 'In order to continue' }).waitFor();
    await page.waitForTimeout(300); // let the opening animation finish before colours are measured
    await expectNoSeriousViolations(page, `terms modal (${width})`);
    await context.close();
  });
});
