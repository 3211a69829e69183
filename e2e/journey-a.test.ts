import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, signIn } from './support/browser.ts';
import { setClockSpeed } from './support/faults.ts';
import {
  acceptTermsIfAsked,
  chooseFilter,
  confirmAction,
  confirmMenuAction,
  createInvitation,
  decideOnCompany,
  errorCode,
  expectNotification,
  expectStatus,
  fillRegistration,
  makeDocuments,
  permissionStates,
  signUpCompany,
  stopAfterFirstFailure,
} from './support/journey.ts';
import { useBrowser } from './support/kit.ts';
import { cardOf } from './support/owner-screens.ts';
import { csvHeader, readManifest, readZip } from './support/zip.ts';

// Story A: a new company signs up and registers, the admin approves it, the owner invites it with
// one vehicle (no personal data) and one wallbox (with), the company redeems the link, is accepted,
// sees the permissions and downloads exactly what was shared; the admin suspends the sharing, the
// download is refused; the owner revokes the company and the company sees it.

const COMPANY = { name: 'Nora Newfleet', email: 'ops@voltfleet.example', displayName: 'Voltfleet' };
const OWNER = 'Olivia Owner';
const VEHICLE = { title: 'ID.4', externalId: 'WVGZZZE2ZNP004821', personal: false };
const WALLBOX = { title: 'Garage wallbox', externalId: 'WBX22-2301-004512', personal: true };

describe('Story A: from a company sign-up to a revoked data sharing', () => {
  const browser = useBrowser();
  let company: Page;
  let admin: Page;
  let owner: Page;
  let link = '';

  stopAfterFirstFailure();
  const connectedInvitationId = async (page: Page) => {
    const list = (await (await page.request.get('/api/v1/agents/invitations/ALL')).json()) as {
      invitationId: string;
    }[];
    expect(list).toHaveLength(1);
    return list[0]?.invitationId ?? '';
  };

  it('a new company signs up, completes its account with documents and waits for review', async () => {
    company = await (await newContext(browser())).newPage();
    await signUpCompany(company, COMPANY);
    await company.waitForURL('**/agent-registration');
    await acceptTermsIfAsked(company);
    await company.getByRole('heading', { name: 'Complete your account' }).waitFor();

    const documents = makeDocuments();
    await fillRegistration(company, {
      legalName: 'Voltfleet Mobility GmbH',
      displayName: COMPANY.displayName,
      representative: ['Nora', 'Newfleet'],
      uploads: [
        ['Registry extract', documents.pdf],
        ['Evidence of authorised representative', documents.png],
        ['SME size confirmation', documents.pdf],
      ],
    });

    await company.getByRole('button', { name: 'Submit for approval' }).click();
    await expectNotification(company, 'Your account was submitted for approval');
    await company.getByRole('heading', { name: 'Your application is in review' }).waitFor();
    await company.getByText(COMPANY.email, { exact: false }).first().waitFor();
  });

  it('the admin sees the application with its documents and approves it', async () => {
    admin = await (await newContext(browser())).newPage();
    await signIn(admin, 'admin@example.com');
    await admin.waitForURL('**/admin');
    const application = cardOf(
      admin.getByRole('list', { name: 'Company applications' }),
      COMPANY.displayName,
    );
    await application.getByRole('button', { name: 'Show details' }).click();
    const files = application.getByRole('link');
    await expect(files.count()).resolves.toBe(3);
    // Clicking a document downloads it (in a new tab): the PDF that was uploaded.
    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      application
        .getByRole('link', { name: /registry-extract\.pdf/ })
        .first()
        .click(),
    ]);
    expect(download.suggestedFilename()).toBe('registry-extract.pdf');
    expect((await readFile(await download.path())).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // Every document gives back the bytes that were uploaded: real PDFs and a real PNG.
    const hrefs = await files.evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    const magic = await Promise.all(
      hrefs.map(async (href) =>
        (await (await admin.request.get(href)).body()).subarray(0, 4).toString('latin1'),
      ),
    );
    expect(magic.sort()).toEqual(['%PDF', '%PDF', '\x89PNG']);

    await application.getByRole('button', { name: 'Approve' }).click();
    const confirm = admin.getByRole('dialog', { name: 'Approve application?' });
    await confirm.getByRole('button', { name: 'Approve' }).click();
    await expectNotification(admin, 'Application approved');
    await application.waitFor({ state: 'detached' });
  });

  it('the owner invites the company with a vehicle without and a wallbox with personal data', async () => {
    owner = await (await newContext(browser())).newPage();
    await signIn(owner, 'owner@example.com');
    await owner.goto('/agents');
    const invitation = await createInvitation(owner, [VEHICLE, WALLBOX], { copy: true });
    link = invitation.link;
    expect(link).toMatch(/^http:\/\/localhost:\d+\/redeem\/[0-9A-Z-]+$/);
    await owner.getByRole('tab', { name: /Invitation Links/ }).click();
    await cardOf(owner.getByRole('tabpanel'), invitation.code).waitFor();
  });

  it('the company opens the link in a fresh browser(), signs in and redeems the prefilled code', async () => {
    company = await (await newContext(browser())).newPage();
    await signIn(company, COMPANY.email, { from: link });
    await company.waitForURL('**/users');
    const dialog = company.getByRole('dialog', { name: 'Request data permission with an access code' });
    await expect(dialog.getByLabel('Access code').inputValue()).resolves.toBe(link.split('/redeem/')[1]);
    await dialog.getByRole('button', { name: 'Request access' }).click();
    await expectNotification(company, /Access code accepted/);
    await dialog.waitFor({ state: 'hidden' });
    await expectStatus(cardOf(company, OWNER), 'Pending');
  });

  it('the owner accepts the pending company and the company sees the user as active', async () => {
    await decideOnCompany(owner, COMPANY.displayName, 'Accept');
    await expectNotification(owner, 'Data recipient accepted');
    await expectStatus(cardOf(owner, COMPANY.displayName), 'Active');

    await company.reload();
    await expectStatus(cardOf(company, OWNER), 'Active');
  });

  it('the company sees exactly the permissions the owner chose', async () => {
    await company.getByRole('button', { name: `Actions for ${OWNER}` }).click();
    await company.getByRole('menuitem', { name: 'View data permissions' }).click();
    const dialog = company.getByRole('dialog', { name: 'Data permissions' });
    await dialog.getByRole('heading', { name: VEHICLE.title }).waitFor();
    await expect(dialog.getByRole('listitem').count()).resolves.toBe(2);
    for (const product of [VEHICLE, WALLBOX]) {
      const expected = ['Yes', product.personal ? 'Yes' : 'No'];
      await expect(permissionStates(dialog, product.title)).resolves.toEqual(expected);
    }
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('the company downloads a zip holding exactly what was shared', async () => {
    // The job takes 7 s of simulated time; sessions also idle on that clock, so not much faster.
    await setClockSpeed(20);
    try {
      await company.getByRole('button', { name: `Download data of ${OWNER}` }).click();
      await expectNotification(company, 'Your data are getting prepared');
      const ready = company.getByRole('button', { name: `Download the prepared data of ${OWNER}` });
      await ready.waitFor({ timeout: 30_000 });
      const [download] = await Promise.all([company.waitForEvent('download'), ready.click()]);
      const zip = await readZip(await download.path());
      const manifest = readManifest(zip);
      expect(manifest.products.map((p) => p.externalId).sort()).toEqual(
        [VEHICLE.externalId, WALLBOX.externalId].sort(),
      );
      // No other product's data in the zip: every data file is in a listed product's folder.
      const folders = manifest.products.map((p) => p.folder);
      const stray = zip.entries.filter(
        (e) => e.startsWith('products/') && !folders.some((f) => e.startsWith(f)),
      );
      expect(stray).toEqual([]);
      for (const product of manifest.products) {
        const csv = csvHeader(zip, `${product.folder}data.csv`);
        expect(product.records).toBeGreaterThan(0);
        if (product.productType === 'VEHICLE') {
          expect(product.personalDataIncluded).toBe(false);
          expect(csv).not.toContain('latitude');
          expect(csv).not.toContain('longitude');
          expect(csv).toContain('odometer_km');
        } else {
          expect(product.personalDataIncluded).toBe(true);
          expect(csv).toContain('card_id');
        }
      }
    } finally {
      await setClockSpeed(1);
    }
  });

  it('the admin suspends the sharing and the company can no longer download', async () => {
    await admin.getByRole('tab', { name: 'Data sharings' }).click();
    const sharing = cardOf(admin.getByRole('tabpanel'), `${OWNER} → ${COMPANY.displayName}`);
    await confirmAction(sharing, 'Suspend', 'Suspend data sharing?');
    await expectNotification(admin, 'Data sharing suspended');
    await expectStatus(sharing, 'Paused');

    await company.reload();
    const user = cardOf(company, OWNER);
    await expectStatus(user, 'Paused');
    await expect(user.getByRole('button', { name: /Download/ }).isDisabled()).resolves.toBe(true);
    // The server refuses it too, for a new job and for the zip already prepared.
    const invitationId = await connectedInvitationId(company);
    const started = await company.request.post(`/api/v1/agents/invites/${invitationId}/download`);
    expect([started.status(), await errorCode(started)]).toEqual([409, 'SHARING_SUSPENDED']);
    const jobs: { id: string; relatedId: string }[] = await (
      await company.request.get('/api/v1/products/download/jobs')
    ).json();
    const job = jobs.find((entry) => entry.relatedId === invitationId);
    const again = await company.request.get(`/api/v1/products/download/jobs/${job?.id}/link`);
    expect([again.status(), await errorCode(again)]).toEqual([409, 'SHARING_SUSPENDED']);
  });

  it('once resumed, the owner revokes the company and the company sees the user as revoked', async () => {
    // A paused recipient offers the owner no actions (docs/product-rules.md, Statuses); the admin resumes first.
    await owner.goto('/agents');
    await expectStatus(cardOf(owner, COMPANY.displayName), 'Paused');
    const sharing = cardOf(admin.getByRole('tabpanel'), `${OWNER} → ${COMPANY.displayName}`);
    await confirmAction(sharing, 'Resume', 'Resume data sharing?');
    await expectNotification(admin, 'Data sharing resumed');

    await owner.reload();
    const entry = cardOf(owner, COMPANY.displayName);
    await confirmMenuAction(entry, 'Remove data recipient', 'Remove data recipient?', 'Remove');
    await expectNotification(owner, 'Data recipient removed');
    await expectStatus(entry, 'Revoked');

    await company.reload();
    await chooseFilter(company, 'Revoked');
    const user = cardOf(company, OWNER);
    await expectStatus(user, 'Revoked');
    await expect(user.getByRole('button', { name: /Download/ }).isDisabled()).resolves.toBe(true);
  });
});
