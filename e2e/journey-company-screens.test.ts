import { mkdirSync, readFileSync } from 'node:fs';

import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, it } from 'vitest';
import { expectNoSeriousViolations } from './support/axe-check.ts';
import { newContext, signIn, type viewports } from './support/browser.ts';
import { makeDocuments, openRedeemModal } from './support/journey.ts';
import { useBrowser } from './support/kit.ts';
import { cardOf } from './support/owner-screens.ts';

// Every company and admin screen, at 390 px and 1280 px: no serious or critical axe violation
// (WCAG 2.1 A and AA). With E2E_SCREENSHOTS=<folder> each state is also saved as a PNG to look at.

const shotsDir = process.env.E2E_SCREENSHOTS;

describe.each(['mobile', 'desktop'] as const)('company and admin screens at %s width', (viewport) => {
  const browser = useBrowser();

  beforeAll(async () => {
    if (shotsDir) mkdirSync(shotsDir, { recursive: true });
  });
  const as = async (email: string, size: keyof typeof viewports = viewport) => {
    const page = await (await newContext(browser(), size)).newPage();
    await signIn(page, email);
    return page;
  };

  /** axe on the page, then (when asked) screenshots: the whole page, or the viewport under a modal. */
  const check = async (page: Page, screen: string, modal = false) => {
    // Let entry animations (modals, notifications) settle so colours are measured at rest.
    await page.waitForTimeout(250);
    const others = await expectNoSeriousViolations(page, `${screen} (${viewport})`);
    if (process.env.E2E_AXE_VERBOSE && others.length > 0) {
      console.log(`${screen} (${viewport}): ${others.map((v) => `${v.impact} ${v.id}`).join(', ')}`);
    }
    if (shotsDir && modal) {
      await page.screenshot({ path: path.join(shotsDir, `${screen}-${viewport}.png`) });
    } else if (shotsDir) {
      // Long pages in slices of 1000 px, so each image stays readable.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      const width = page.viewportSize()?.width ?? 1280;
      for (let y = 0, part = 1; y < height; y += 1000, part += 1) {
        const clip = { x: 0, y, width, height: Math.min(1000, height - y) };
        const name = height > 1000 ? `${screen}-${viewport}-${part}.png` : `${screen}-${viewport}.png`;
        await page.screenshot({ path: path.join(shotsDir, name), fullPage: true, clip });
      }
    }
  };

  it('registration form, empty and with errors', async () => {
    const page = await as('newco@example.com');
    await page.getByRole('heading', { name: 'Complete your account' }).waitFor();
    await check(page, 'registration-empty');
    await page.getByRole('button', { name: 'Submit for approval' }).click();
    await page.getByText('This field is required').first().waitFor();
    await check(page, 'registration-errors');
    // An uploaded file and a refused one (wrong type) in the same section.
    const extract = {
      name: 'extract.pdf',
      mimeType: 'application/pdf',
      buffer: readFileSync(makeDocuments().pdf),
    };
    const notes = { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a document') };
    await page.getByLabel('Files for Registry extract').setInputFiles([extract, notes]);
    await page.getByText('File type is not allowed: notes.txt').waitFor();
    await page.getByRole('list', { name: 'Files of Registry extract' }).getByText('Uploaded').waitFor();
    await check(page, 'registration-files');
    await page.context().close();
  });

  it('pending and rejected applications', async () => {
    const pending = await as('pending@example.com');
    await pending.getByRole('heading', { name: 'Your application is in review' }).waitFor();
    await check(pending, 'registration-pending');
    const rejected = await as('rejected@example.com');
    await rejected.getByRole('heading', { name: 'Your application was not approved' }).waitFor();
    await check(rejected, 'registration-rejected');
    await pending.context().close();
    await rejected.context().close();
  });

  it('connected users, the redeem modal with its error, and the permissions modal', async () => {
    const page = await as('fleet@example.com');
    await page.waitForURL('**/users');
    await page.getByRole('heading', { name: 'Olivia Owner' }).first().waitFor();
    await check(page, 'users');

    const dialog = await openRedeemModal(page);
    await check(page, 'users-redeem', true);
    await dialog.getByLabel('Access code').fill('NOT-A-REAL-CODE');
    await dialog.getByRole('button', { name: 'Request access' }).click();
    await dialog.getByRole('alert').waitFor();
    await check(page, 'users-redeem-error', true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const active = cardOf(page, 'Olivia Owner').filter({ has: page.locator('.ui-badge--active') });
    await active.getByRole('button', { name: 'Actions for Olivia Owner' }).click();
    await page.getByRole('menuitem', { name: 'View data permissions' }).click();
    const permissions = page.getByRole('dialog', { name: 'Data permissions' });
    await permissions.getByText('Sharing data').first().waitFor();
    await check(page, 'users-permissions', true);
    await page.context().close();
  });

  it('admin: applications with an expanded application, and data sharings', async () => {
    const page = await as('admin@example.com');
    await page.waitForURL('**/admin');
    await page.getByRole('button', { name: 'Show details' }).first().click();
    await page.getByRole('term').first().waitFor();
    await check(page, 'admin-applications');
    await page.getByRole('tab', { name: 'Data sharings' }).click();
    await page
      .getByRole('button', { name: /Suspend|Resume/ })
      .first()
      .waitFor();
    await check(page, 'admin-sharings');
    await page.context().close();
  });
});
