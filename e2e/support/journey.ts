import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import type { APIResponse, Locator, Page } from 'playwright-core';
import { beforeEach } from 'vitest';
import { sawNotice } from './notices.ts';
import { cardOf } from './owner-screens.ts';
import { baseUrl } from './world.ts';

// Steps the cross-role journeys share: signing up a company, the owner's wizard
// and decisions, and finding cards and notifications on the screens.

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
export const exactly = (text: string) => new RegExp(`^${escapeRegExp(text)}$`);

/** A one-page PDF and a 1x1 PNG, small but valid, in a fresh temporary folder. */
export function makeDocuments(): { pdf: string; png: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-docs-'));
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const offset = pdf.length;
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;

  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  // IHDR: 1 x 1 pixel, 8-bit RGB; IDAT: one scanline (filter 0) with one blue pixel.
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header[8] = 8;
  header[9] = 2;
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from([0, 0x0b, 0x5c, 0xad]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  const files = { pdf: path.join(dir, 'registry-extract.pdf'), png: path.join(dir, 'representative.png') };
  writeFileSync(files.pdf, pdf, 'latin1');
  writeFileSync(files.png, png);
  return files;
}

/** The terms modal of a first sign-in, accepted when it shows. */
export async function acceptTermsIfAsked(page: Page): Promise<void> {
  const accept = page.getByRole('button', { name: 'Yes, I accept & acknowledge' });
  if (await accept.isVisible().catch(() => false)) await accept.click();
}

/** Login page → Company → development provider → 'Sign up as a new company' → back in the portal. */
export async function signUpCompany(page: Page, contact: { name: string; email: string }): Promise<void> {
  await page.goto('/login');
  await page.getByRole('radio', { name: /Company/ }).check();
  await page.getByRole('button', { name: 'Login / Sign up' }).click();
  const form = page.getByRole('region', { name: 'Sign up as a new company' });
  await form.getByLabel('Contact name').fill(contact.name);
  await form.getByLabel('Email').fill(contact.email);
  await form.getByRole('button', { name: 'Sign up as a new company' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/oidc') && !url.pathname.startsWith('/auth'));
}

export type Registration = {
  legalName: string;
  displayName: string;
  representative: [firstname: string, surname: string];
  /** [section label, file] pairs, each uploaded on its own. */
  uploads: readonly (readonly [string, string])[];
};

/** 'Complete your account' for an SME in Germany with every required field, and the uploads. */
export async function fillRegistration(page: Page, registration: Registration): Promise<void> {
  await page.getByLabel('Company legal name').fill(registration.legalName);
  await page.getByLabel('Commercial name').fill(registration.displayName);
  await page.getByLabel('VAT number').fill('204815162342');
  await page.getByLabel('Country').selectOption('DE');
  await page.getByLabel(/^Website/).fill('https://company.example');
  await page.getByRole('radio', { name: 'Small & Medium Enterprize' }).check();
  for (const question of ['sanctions list', 'designated gatekeeper']) {
    const group = page.getByRole('group', { name: new RegExp(question) });
    await group.getByRole('radio', { name: 'No' }).check();
  }
  await page.getByLabel(/^Title/).selectOption('ms');
  await page.getByLabel('First name').fill(registration.representative[0]);
  await page.getByLabel('Surname').fill(registration.representative[1]);
  for (const [section, file] of registration.uploads) {
    await page.getByLabel(`Files for ${section}`).setInputFiles(file);
    await page
      .getByRole('list', { name: `Files of ${section}` })
      .getByText('Uploaded')
      .waitFor();
  }
}

/** Waits until a notification (banner or toast) with this text has appeared (support/notices.ts). */
export async function expectNotification(page: Page, text: string | RegExp): Promise<void> {
  // A part of the text is enough, as with getByText.
  await sawNotice(
    page,
    typeof text === 'string' ? new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : text,
  );
}

export type WizardChoice = { title: string; personal: boolean };

/**
 * Owner on /agents: the wizard with these products shared; answers the code and link of step 2.
 * With `copy`, the link is taken with the Copy button, from the clipboard.
 */
export async function createInvitation(
  page: Page,
  choices: readonly WizardChoice[],
  options: { copy?: boolean } = {},
): Promise<{ code: string; link: string }> {
  await page.getByRole('button', { name: 'Invite data recipients' }).click();
  const wizard = page.getByRole('dialog', { name: 'Invite data recipients' });
  await wizard.getByRole('button', { name: 'Get started' }).click();
  await wizard.getByText('Step 1 of 2').waitFor();
  for (const choice of choices) {
    const product = cardOf(wizard, choice.title);
    await product.getByRole('switch', { name: 'Share data' }).click();
    if (choice.personal) await product.getByRole('switch', { name: 'Include personal data' }).click();
  }
  await wizard.getByRole('button', { name: 'Next' }).click();
  await wizard.getByText('Step 2 of 2').waitFor();
  let link = (await wizard.getByText(/\/redeem\//).textContent())?.trim() ?? '';
  if (options.copy) {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    await wizard.getByRole('button', { name: 'Copy', exact: true }).click();
    // After a copy the button rests (disabled) for 5 seconds.
    await wizard.getByRole('button', { name: 'Copied', exact: true, disabled: true }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    if (copied !== link) throw new Error(`Copied "${copied}", the screen shows "${link}"`);
    link = copied;
  }
  const code = link.slice(link.lastIndexOf('/') + 1);
  await wizard.getByRole('button', { name: 'Exit' }).click();
  await wizard.waitFor({ state: 'hidden' });
  return { code, link };
}

/** Owner on /agents: the pending company's inline Accept or Decline, then the confirmation. */
export async function decideOnCompany(
  page: Page,
  company: string,
  decision: 'Accept' | 'Decline',
  code?: string,
) {
  await page.goto('/agents');
  const pending = cardOf(page.getByRole('tabpanel'), company);
  // A company can be pending more than once: the card shows the code it redeemed.
  const entry = code ? pending.filter({ hasText: code }) : pending;
  await confirmAction(entry, decision, `${decision} data recipient?`);
}

/** Company on /users: the access-code modal, redeeming a code; answers the dialog for more checks. */
export async function openRedeemModal(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Access code', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Request data permission with an access code' });
  await dialog.waitFor();
  return dialog;
}

/** Waits until the card's status badge reads exactly this text. */
export async function expectStatus(entry: Locator, text: string): Promise<void> {
  await entry.locator('.ui-badge', { hasText: exactly(text) }).waitFor();
}

/** A card's button, then the primary button (same label) of the confirmation dialog it opens. */
export async function confirmAction(entry: Locator, action: string, dialogTitle: string): Promise<void> {
  await entry.getByRole('button', { name: action, exact: true }).click();
  const dialog = entry.page().getByRole('dialog', { name: dialogTitle });
  await dialog.getByRole('button', { name: action, exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/**
 * A card's 'Actions for ...' menu item, then the primary button of the confirmation dialog it opens;
 * the dialog closes once the call has settled (succeeded or refused).
 */
export async function confirmMenuAction(
  entry: Locator,
  item: string,
  dialogTitle: string,
  primary: string,
): Promise<void> {
  const page = entry.page();
  await entry.getByRole('button', { name: /^Actions for / }).click();
  await page.getByRole('menuitem', { name: item }).click();
  const dialog = page.getByRole('dialog', { name: dialogTitle });
  await dialog.getByRole('button', { name: primary, exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** The list filter menu ('Filter: ...'), choosing one option. */
export async function chooseFilter(page: Page, option: string): Promise<void> {
  await page.getByRole('button', { name: /^Filter:/ }).click();
  await page.getByRole('menuitemradio', { name: option }).click();
}

/** A journey is one story: once a step fails, the later steps are skipped instead of timing out. */
export function stopAfterFirstFailure(): void {
  let failed = false;
  beforeEach((context) => {
    if (failed) context.skip();
    context.onTestFailed(() => {
      failed = true;
    });
  });
}

/** In a permissions dialog: the product's read-only 'Sharing data' and 'Including personal data' switches, as Yes/No. */
export async function permissionStates(dialog: Locator, title: string): Promise<[string, string]> {
  const item = cardOf(dialog, title);
  const state = async (label: string) =>
    (await item.getByRole('switch', { name: label }).getAttribute('aria-checked')) === 'true' ? 'Yes' : 'No';
  return [await state('Sharing data'), await state('Including personal data')];
}

/** The error code of a refused API call. */
export async function errorCode(response: APIResponse): Promise<string> {
  const body = (await response.json()) as { errors: { code: string }[] };
  return body.errors[0]?.code ?? '';
}
