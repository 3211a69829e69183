import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolations } from './support/axe-check.ts';
import { injectFault, pendingCompanyFor } from './support/faults.ts';
import { useBrowser } from './support/kit.ts';
import { cardOf, expectNotice, loadFailing, ownerPage, shot } from './support/owner-screens.ts';

// The data recipients page (/agents): both tabs, the permissions modal, accepting and declining a
// pending company, removing an active one, deleting an invitation link, the list and permission
// fetch failures; accessibility and screenshots at 390 and 1280 px.

const DIALOG = '[role="dialog"]';
const OWNER = 'owner@example.com';

async function openAgents(
  page: Page,
  tab: 'All data recipients' | 'Invitation Links' = 'All data recipients',
) {
  await page.goto('/agents');
  await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
  const panel = page.getByRole('tabpanel', { name: tab });
  await panel.getByRole('listitem').first().waitFor();
  return panel;
}

/** The card's only action button, or the item of its actions menu. */
async function cardAction(page: Page, entry: Locator, action: string): Promise<void> {
  const direct = entry.getByRole('button', { name: action, exact: true });
  if ((await direct.count()) > 0) return direct.click();
  await entry.getByRole('button', { name: /^Actions for / }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

/** Confirms a confirmation modal after checking its body and accessibility. */
async function confirm(page: Page, title: string, body: string, primary: string, screen: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByText(body).waitFor();
  await expectNoSeriousViolations(page, screen, DIALOG);
  await dialog.getByRole('button', { name: primary, exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

async function openPermissions(page: Page, panel: Locator): Promise<Locator> {
  await cardAction(page, cardOf(panel, 'Fleet Analytics', 'active').first(), 'View permissions');
  const dialog = page.getByRole('dialog', { name: 'Data permissions' });
  await dialog.getByText('The data this invitation gives access to.').waitFor();
  return dialog;
}

describe('owner: data recipients', () => {
  const browser = useBrowser();

  beforeAll(async () => {
    // A second pending company next to the seeded one (Fleet Analytics): ChargeWise.
    await pendingCompanyFor(OWNER, 'chargewise@example.com');
  });

  for (const viewport of ['desktop', 'mobile'] as const) {
    it(`shows both tabs and the permissions modal at ${viewport} width`, async () => {
      const { context, page } = await ownerPage(browser(), { viewport });
      const agents = await openAgents(page);
      const pending = cardOf(agents, 'Fleet Analytics', 'pending');
      await pending.getByText(/^Code: /).waitFor();
      // Desktop: inline Decline and Accept instead of the status; mobile: the status and a menu.
      const inline = pending.getByRole('button', { name: 'Accept', exact: true });
      expect(await inline.count()).toBe(viewport === 'desktop' ? 1 : 0);
      await cardOf(agents, 'SafeRoad Insurance', 'paused')
        .getByText(/^Date suspended: /)
        .waitFor();
      await expectNoSeriousViolations(page, `/agents, All data recipients (${viewport})`);
      await shot(page, 'agents-recipients', true);

      if (viewport === 'mobile') {
        await pending.getByRole('button', { name: 'Actions for Fleet Analytics' }).click();
        await page.getByRole('menuitem', { name: 'Decline' }).waitFor();
        await page.getByRole('menuitem', { name: 'Accept' }).click();
        const dialog = page.getByRole('dialog', { name: 'Accept data recipient?' });
        await dialog.waitFor();
        await shot(page, 'agents-confirm-accept');
        await expectNoSeriousViolations(page, 'the accept confirmation (mobile)', DIALOG);
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await dialog.waitFor({ state: 'hidden' });
      }

      const permissions = await openPermissions(page, agents);
      await permissions.getByText('Sharing data').first().waitFor();
      await permissions.getByText('Including personal data').first().waitFor();
      expect(await cardOf(permissions, 'ID.4').locator('[role=switch][aria-checked=true]').count()).toBe(2);
      // Q4 e-tron: collection off, so a notice instead of the states and a masked VIN.
      const off = cardOf(permissions, 'Q4 e-tron');
      await off.getByText('You disabled data sharing for this product.').waitFor();
      await off.getByText('Audi · WAU**************', { exact: true }).waitFor();
      expect(await off.getByText('WAUZZZF45PA031598').count()).toBe(0);
      expect(await off.getByText('Sharing data').count()).toBe(0);
      await expectNoSeriousViolations(page, `the permissions modal (${viewport})`, DIALOG);
      await shot(page, 'permissions-modal');
      await permissions.locator('.ui-modal__footer').getByRole('button', { name: 'Close' }).click();
      await permissions.waitFor({ state: 'hidden' });

      const links = await openAgents(page, 'Invitation Links');
      await links
        .locator('li[data-status="active"]')
        .first()
        .getByText(/^Date expires: /)
        .waitFor();
      await links
        .locator('li[data-status="revoked"]')
        .first()
        .getByText(/^Date deleted: /)
        .waitFor();
      await expectNoSeriousViolations(page, `/agents, Invitation Links (${viewport})`);
      await shot(page, 'agents-links', true);
      await context.close();
    });
  }

  it('accepts one pending company and declines another', async () => {
    const { context, page } = await ownerPage(browser());
    const agents = await openAgents(page);
    const decisions = [
      {
        company: 'Fleet Analytics',
        action: 'Accept',
        status: 'active',
        text: 'Fleet Analytics will get access to the data you selected',
        notice: 'Data recipient accepted',
      },
      {
        company: 'ChargeWise',
        action: 'Decline',
        status: 'declined',
        text: 'ChargeWise will not get access to your data.',
        notice: 'Data recipient declined',
      },
    ] as const;
    for (const { company, action, status, text, notice } of decisions) {
      expect(await cardOf(agents, company, status).count()).toBe(1);
      await cardOf(agents, company, 'pending').getByRole('button', { name: action, exact: true }).click();
      const name = action.toLowerCase();
      await shot(page, `agents-confirm-${name}`);
      await confirm(page, `${action} data recipient?`, text, action, `the ${name} confirmation`);
      await expectNotice(page, notice);
      await cardOf(agents, company, status).nth(1).waitFor();
      expect(await cardOf(agents, company, 'pending').count()).toBe(0);
    }
    await cardOf(agents, 'ChargeWise', 'declined').first().getByText('Declined', { exact: true }).waitFor();
    await context.close();
  });

  it('removes an active company and deletes an invitation link', async () => {
    const { context, page } = await ownerPage(browser());
    const agents = await openAgents(page);
    const active = await cardOf(agents, 'Fleet Analytics', 'active').count();
    const revoked = await cardOf(agents, 'Fleet Analytics', 'revoked').count();
    await cardAction(page, cardOf(agents, 'Fleet Analytics', 'active').first(), 'Remove data recipient');
    await shot(page, 'agents-confirm-remove');
    await confirm(
      page,
      'Remove data recipient?',
      'Fleet Analytics loses access to your data at once.',
      'Remove',
      'the remove confirmation',
    );
    await expectNotice(page, 'Data recipient removed');
    await cardOf(agents, 'Fleet Analytics', 'revoked')
      .nth(revoked)
      .getByText(/^Date removed: /)
      .waitFor();
    expect(await cardOf(agents, 'Fleet Analytics', 'active').count()).toBe(active - 1);

    const links = await openAgents(page, 'Invitation Links');
    const link = links.locator('li[data-status="active"]').first();
    const code = ((await link.getByRole('heading').textContent()) ?? '').trim();
    await cardAction(page, cardOf(links, code), 'Delete link');
    await confirm(
      page,
      'Delete invitation link?',
      `The link ${code} will stop working at once.`,
      'Delete',
      'the delete-link confirmation',
    );
    await expectNotice(page, 'Invitation link deleted');
    const deleted = cardOf(links, code, 'revoked');
    await deleted.getByText(/^Date deleted: /).waitFor();
    await deleted.getByText('Revoked', { exact: true }).waitFor();
    // A revoked link has no actions any more.
    expect(await deleted.getByRole('button', { name: /^Actions for / }).count()).toBe(0);
    await context.close();
  });

  it('says when the links or the permissions could not be fetched', async () => {
    const { context, page } = await ownerPage(browser());
    // Each list in its own words: the links' (unclaimed) here; the companies' (claimed invitations,
    // 'Failed to fetch connected invitations') with its retry in web-defects.test.ts.
    await loadFailing(page, 'listUnclaimedInvitations', 'Failed to fetch invitations. Try later..', {
      path: '/agents',
    });

    const agents = await openAgents(page);
    await injectFault('getInvitationPermissions', 500);
    await cardAction(page, cardOf(agents, 'Fleet Analytics', 'active').first(), 'View permissions');
    await expectNotice(page, 'Failed to get permissions');
    await context.close();
  });
});
