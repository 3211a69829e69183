import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { injectFault } from './support/faults.ts';
import { confirmAction, confirmMenuAction } from './support/journey.ts';
import { useBrowser } from './support/kit.ts';
import { cardOf, expectNotice, ownerPage } from './support/owner-screens.ts';

// Spec section 8 on the data recipients page, each message reached through an injected fault:
// accept/decline (invalid state, not found, forbidden, generic) and revoke of a company or a link
// (not found, forbidden, invalid state, generic). A refused action leaves the card as it was.

type Case = { status: number; code?: string; message: string };

const DECISION_ERRORS = (decision: 'accept' | 'decline'): Case[] => [
  {
    status: 409,
    code: 'INVALID_INVITATION_STATE',
    message: 'This invitation is no longer pending. Please refresh the page.',
  },
  {
    status: 404,
    code: 'INVITATION_NOT_FOUND',
    message: 'This invitation could not be found. It may have been deleted or expired.',
  },
  {
    status: 403,
    code: 'INVITATION_FORBIDDEN',
    message: "You don't have permission to perform this action on this invitation.",
  },
  { status: 500, message: `Couldn't ${decision} the data recipient. Try again later..` },
];

const REVOKE_ERRORS = (generic: string): Case[] => [
  {
    status: 404,
    code: 'INVITATION_NOT_FOUND',
    message: 'This invitation could not be found. It may have been deleted or expired.',
  },
  { status: 403, code: 'REVOKE_FORBIDDEN', message: "You don't have permission to revoke this invitation." },
  {
    status: 409,
    code: 'INVALID_REVOKE_STATE',
    message: 'This invitation cannot be revoked in its current state.',
  },
  { status: 500, message: generic },
];

/** Each revoke error, injected in turn, is the notice of the entry's menu action once confirmed. */
async function expectRevokeErrors(
  entry: Locator,
  generic: string,
  [item, dialogTitle, primary]: [string, string, string],
): Promise<void> {
  for (const { status, code, message } of REVOKE_ERRORS(generic)) {
    await injectFault('revokeInvitation', status, code);
    await confirmMenuAction(entry, item, dialogTitle, primary);
    await expectNotice(entry.page(), message);
  }
}

async function openTab(page: Page, tab: 'All data recipients' | 'Invitation Links'): Promise<Locator> {
  if (!page.url().endsWith('/agents')) await page.goto('/agents');
  await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
  const panel = page.getByRole('tabpanel', { name: tab });
  await panel.getByRole('listitem').first().waitFor();
  return panel;
}

describe('owner: data recipients error messages', () => {
  const browser = useBrowser();

  it('shows each accept and decline error, and the company stays pending', async () => {
    const { context, page } = await ownerPage(browser());
    const agents = await openTab(page, 'All data recipients');
    const pending = cardOf(agents, 'Fleet Analytics', 'pending');
    for (const [decision, label] of [
      ['accept', 'Accept'],
      ['decline', 'Decline'],
    ] as const) {
      for (const { status, code, message } of DECISION_ERRORS(decision)) {
        await injectFault('decideInvitation', status, code);
        await confirmAction(pending, label, `${label} data recipient?`);
        await expectNotice(page, message);
      }
    }
    await page.reload();
    await openTab(page, 'All data recipients');
    await pending.getByText(/^Code: /).waitFor();
    expect(await cardOf(agents, 'Fleet Analytics', 'active').count()).toBe(1);
    await context.close();
  });

  it('shows each revoke error for a company and for an invitation link, and nothing is revoked', async () => {
    const { context, page } = await ownerPage(browser());
    const agents = await openTab(page, 'All data recipients');
    const active = cardOf(agents, 'Fleet Analytics', 'active');
    await expectRevokeErrors(active, "Couldn't remove the data recipient. Try again later..", [
      'Remove data recipient',
      'Remove data recipient?',
      'Remove',
    ]);
    expect(await active.count()).toBe(1);

    const links = await openTab(page, 'Invitation Links');
    const link = links.locator('li[data-status="active"]');
    expect(await link.count()).toBe(1);
    await expectRevokeErrors(link, "Couldn't delete the invitation link. Try again later..", [
      'Delete link',
      'Delete invitation link?',
      'Delete',
    ]);

    await page.reload();
    await openTab(page, 'Invitation Links');
    expect(await link.count()).toBe(1);
    await openTab(page, 'All data recipients');
    expect(await active.count()).toBe(1);
    await context.close();
  });
});
