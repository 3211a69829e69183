import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from './support/axe-check.ts';
import { injectFault } from './support/faults.ts';
import { useBrowser } from './support/kit.ts';
import { cardOf, expectNotice, ownerPage, shot } from './support/owner-screens.ts';
import { baseUrl } from './support/world.ts';

// The invitation wizard: welcome (step 0), select data (step 1), copy link (step 2); the copied link,
// the copy button's 5 s rest, the new link in 'Invitation Links', the create failure, accessibility
// and screenshots of each step at 390 and 1280 px.

const DIALOG = '[role="dialog"]';

async function openWizard(page: Page): Promise<Locator> {
  await page.goto('/agents');
  await page.getByRole('button', { name: 'Invite data recipients' }).click();
  const wizard = page.getByRole('dialog', { name: 'Invite data recipients' });
  await wizard.getByRole('heading', { name: 'Share your data with a company' }).waitFor();
  return wizard;
}

const share = (wizard: Locator, title: string) =>
  cardOf(wizard, title).getByRole('switch', { name: 'Share data' });
const personal = (wizard: Locator, title: string) =>
  cardOf(wizard, title).getByRole('switch', { name: 'Include personal data' });
const checked = async (toggle: Locator) => (await toggle.getAttribute('aria-checked')) === 'true';

describe('owner: invitation wizard', () => {
  const browser = useBrowser();

  it('creates an invitation, copies its link and lists it under Invitation Links', async () => {
    const { context, page } = await ownerPage(browser(), { clipboard: true });
    const wizard = await openWizard(page);
    await wizard.getByText('Only products with data export enabled can be shared.').waitFor();
    await expectNoSeriousViolations(page, 'wizard step 0', DIALOG);

    await wizard.getByRole('button', { name: 'Get started' }).click();
    await wizard.getByText('Step 1 of 2').waitFor();
    await wizard.getByRole('heading', { name: 'Select data' }).waitFor();
    // Only products with data collection on are offered.
    for (const title of ['ID.4', 'ID.3', 'Garage wallbox']) await share(wizard, title).waitFor();
    expect(await cardOf(wizard, 'Q4 e-tron').count()).toBe(0);
    expect(await cardOf(wizard, 'Carport wallbox').count()).toBe(0);
    const next = wizard.getByRole('button', { name: 'Next' });
    expect(await next.isDisabled()).toBe(true);
    expect(await personal(wizard, 'ID.4').isDisabled()).toBe(true);
    await expectNoSeriousViolations(page, 'wizard step 1', DIALOG);

    await share(wizard, 'ID.4').click();
    await personal(wizard, 'ID.4').click();
    await share(wizard, 'Garage wallbox').click();
    // Turning sharing off turns personal data off and locks it again.
    await share(wizard, 'ID.3').click();
    await personal(wizard, 'ID.3').click();
    await share(wizard, 'ID.3').click();
    expect(await checked(personal(wizard, 'ID.3'))).toBe(false);
    expect(await personal(wizard, 'ID.3').isDisabled()).toBe(true);
    expect(await checked(personal(wizard, 'ID.4'))).toBe(true);

    await next.click();
    await wizard.getByText('Step 2 of 2').waitFor();
    await wizard.getByRole('heading', { name: 'Copy link' }).waitFor();
    await expectNotice(page, 'Invitation created');
    const code = ((await wizard.locator('.wizard-link__code').textContent()) ?? '').trim();
    expect(code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
    const link = `${new URL(baseUrl()).origin}/redeem/${code}`;
    await wizard.getByText(link, { exact: true }).waitFor();
    await wizard.getByText('Be careful who receives this link').waitFor();
    await expectNoSeriousViolations(page, 'wizard step 2', DIALOG);

    const copy = wizard.locator('.wizard-link__actions').getByRole('button');
    await copy.click();
    const copiedAt = Date.now();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    expect(await copy.isDisabled()).toBe(true);
    expect(await copy.textContent()).toContain('Copied');
    await copy.and(page.locator(':enabled')).waitFor({ timeout: 8000 });
    const rest = Date.now() - copiedAt;
    expect(rest).toBeGreaterThanOrEqual(4500);
    expect(rest).toBeLessThan(7000);
    expect(await copy.textContent()).toContain('Copy');

    await wizard.getByRole('button', { name: 'Exit' }).click();
    await wizard.waitFor({ state: 'hidden' });
    await page.getByRole('tab', { name: /^Invitation Links/ }).click();
    const entry = cardOf(page.getByRole('tabpanel'), code, 'active');
    await entry.getByText(link, { exact: true }).waitFor();
    await entry.getByText(/^Date expires: /).waitFor();

    // Its permissions are what was chosen in step 1.
    await entry.getByRole('button', { name: `Actions for ${code}` }).click();
    await page.getByRole('menuitem', { name: 'View permissions' }).click();
    const permissions = page.getByRole('dialog', { name: 'Data permissions' });
    const id4 = cardOf(permissions, 'ID.4');
    await id4.getByText('Including personal data').waitFor();
    expect(await id4.locator('[role=switch][aria-checked=true]').count()).toBe(2);
    expect(
      await cardOf(permissions, 'Garage wallbox').locator('[role=switch][aria-checked=false]').count(),
    ).toBe(1);
    expect(await cardOf(permissions, 'ID.3').count()).toBe(0);
    await permissions.getByRole('button', { name: 'Close' }).last().click();
    await permissions.waitFor({ state: 'hidden' });
    await context.close();
  });

  it("says 'Failed to create invitation' and stays on step 1; warns when nothing can be shared", async () => {
    const { context, page } = await ownerPage(browser());
    const wizard = await openWizard(page);
    await wizard.getByRole('button', { name: 'Get started' }).click();
    await share(wizard, 'Garage wallbox').click();
    await injectFault('createInvitation', 500);
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expectNotice(page, 'Failed to create invitation');
    await wizard.getByText('Step 1 of 2').waitFor();
    expect(await wizard.getByRole('button', { name: 'Next' }).isEnabled()).toBe(true);
    await wizard.getByRole('button', { name: 'Back' }).click();
    await wizard.getByRole('button', { name: 'Get started' }).waitFor();
    await wizard.getByRole('button', { name: 'Exit' }).click();
    await wizard.waitFor({ state: 'hidden' });
    await context.close();

    const empty = await ownerPage(browser(), { email: 'empty@example.com' });
    const emptyWizard = await openWizard(empty.page);
    await emptyWizard.getByText('None of your products has data export enabled.', { exact: false }).waitFor();
    await emptyWizard.getByRole('button', { name: 'Get started' }).click();
    await emptyWizard.getByText('No products with data export enabled.').waitFor();
    expect(await emptyWizard.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await empty.context.close();
  });

  for (const viewport of ['mobile', 'desktop'] as const) {
    it(`shows each step at ${viewport} width`, async () => {
      const { context, page } = await ownerPage(browser(), { viewport });
      const wizard = await openWizard(page);
      await wizard.getByRole('button', { name: 'Get started' }).waitFor();
      await shot(page, 'wizard-step0');
      await wizard.getByRole('button', { name: 'Get started' }).click();
      await share(wizard, 'ID.4').click();
      await personal(wizard, 'ID.4').click();
      await shot(page, 'wizard-step1');
      await expectNoSeriousViolations(page, `wizard step 1 (${viewport})`, DIALOG);
      await wizard.getByRole('button', { name: 'Next' }).click();
      await wizard.getByText('Step 2 of 2').waitFor();
      await shot(page, 'wizard-step2');
      await expectNoSeriousViolations(page, `wizard step 2 (${viewport})`, DIALOG);
      await context.close();
    });
  }
});
