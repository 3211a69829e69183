import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newContext, signIn } from './support/browser.ts';
import {
  chooseFilter,
  confirmMenuAction,
  createInvitation,
  decideOnCompany,
  expectNotification,
  expectStatus,
  openRedeemModal,
  stopAfterFirstFailure,
} from './support/journey.ts';
import { useBrowser } from './support/kit.ts';
import { cardOf } from './support/owner-screens.ts';

// Story B: the owner declines a company; a used code, a deleted link's code and a code that never
// existed all give the company the same inline 'Invalid or expired code.'.
//
// A real expiry is not reachable here: codes live 14 days and the simulation clock runs at most
// 1000 times real time (20 minutes of waiting). Wrong, used, deleted and expired codes share one
// answer by design (INVALID_CODE), and the expiry itself is covered by the server's tests with a
// manual clock; this journey checks the screen's answer with the codes it can produce.

const FLEET = 'Fleet Analytics';
const OWNER = 'Olivia Owner';
const INVALID = 'Invalid or expired code.';

describe('Story B: a declined company and codes that no longer work', () => {
  const browser = useBrowser();
  let owner: Page;
  let fleet: Page;
  let code = '';

  stopAfterFirstFailure();
  beforeAll(async () => {
    owner = await (await newContext(browser())).newPage();
    fleet = await (await newContext(browser())).newPage();
    await signIn(owner, 'owner@example.com');
    await signIn(fleet, 'fleet@example.com');
    await fleet.waitForURL('**/users');
  });
  const redeem = async (value: string) => {
    const dialog = await openRedeemModal(fleet);
    const field = dialog.getByLabel('Access code');
    await expect(dialog.getByRole('button', { name: 'Request access' }).isDisabled()).resolves.toBe(true);
    await field.fill(value);
    await dialog.getByRole('button', { name: 'Request access' }).click();
    return { dialog, field };
  };

  const expectInvalid = async (dialog: Awaited<ReturnType<typeof redeem>>['dialog']) => {
    const error = dialog.getByRole('alert');
    await expect(error.textContent()).resolves.toBe(INVALID);
    const field = dialog.getByLabel('Access code');
    await expect(field.getAttribute('aria-invalid')).resolves.toBe('true');
    // Editing the code clears the message.
    await field.press('End');
    await field.press('Backspace');
    await error.waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
  };

  it('the company redeems a fresh code and the owner declines it', async () => {
    await owner.goto('/agents');
    ({ code } = await createInvitation(owner, [{ title: 'ID.3', personal: false }]));
    const { dialog } = await redeem(code);
    await expectNotification(fleet, /Access code accepted/);
    await dialog.waitFor({ state: 'hidden' });

    await decideOnCompany(owner, FLEET, 'Decline', code);
    await expectNotification(owner, 'Data recipient declined');
    await chooseFilter(owner, 'Declined');
    await expectStatus(cardOf(owner.getByRole('tabpanel'), FLEET), 'Declined');
  });

  it('the company sees the user as declined, without download or actions', async () => {
    await fleet.reload();
    await chooseFilter(fleet, 'Declined');
    const user = cardOf(fleet, OWNER);
    await expectStatus(user, 'Declined');
    await expect(user.getByRole('button', { name: /Download/ }).isDisabled()).resolves.toBe(true);
    await expect(user.getByRole('button', { name: `Actions for ${OWNER}` }).count()).resolves.toBe(0);
  });

  it('redeeming the same code again shows the inline error', async () => {
    const { dialog } = await redeem(code);
    await expectInvalid(dialog);
  });

  it('a deleted link and a code that never existed show the same inline error', async () => {
    await owner.goto('/agents');
    const deleted = await createInvitation(owner, [{ title: 'Garage wallbox', personal: true }]);
    await owner.getByRole('tab', { name: /Invitation Links/ }).click();
    const link = cardOf(owner.getByRole('tabpanel'), deleted.code);
    await confirmMenuAction(link, 'Delete link', 'Delete invitation link?', 'Delete');
    await expectNotification(owner, 'Invitation link deleted');
    await expectStatus(link, 'Revoked');

    await expectInvalid((await redeem(deleted.code)).dialog);
    await expectInvalid((await redeem('ZZZZ-ZZZZ-ZZZZ-ZZZZ')).dialog);
  });
});
