import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';

import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { injectFault } from './support/faults.ts';
import { useBrowser } from './support/kit.ts';
import { cardOf, expectNotice, loadFailing, ownerPage } from './support/owner-screens.ts';
import { csvHeader, readManifest, readZip } from './support/zip.ts';

// The owner's downloads: one product and all products to real zip files (the simulation clock runs
// fast, the page polls the jobs every 8 s), a failed job, and each download error message.

const READY = 'Files are ready for download';
const downloadButton = (page: Page, title: string) =>
  cardOf(page, title).getByRole('button', { name: `Download data of ${title}` });
const downloadAll = (page: Page) =>
  page.getByRole('main').getByRole('button', { name: 'Download data', exact: true });
const allStatus = (page: Page) => page.getByRole('main').locator('.download-all__status');

/** Clicks a button whose job is completed and answers the zip the browser downloads. */
async function downloadZip(page: Page, button: Locator, folder: string) {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  const file = path.join(folder, download.suggestedFilename());
  await download.saveAs(file);
  return readZip(file);
}

describe('owner: downloads', () => {
  // A job waits 2 s and runs 5 s of simulated time: a few milliseconds at speed 100.
  const browser = useBrowser({ clockSpeed: 100 });
  const folder = mkdtempSync(path.join(tmpdir(), 'owner-downloads-'));

  // First: download-all must not have a completed job yet, or its click downloads instead.
  it('shows the download error messages', async () => {
    const { context, page } = await ownerPage(browser());
    await downloadButton(page, 'ID.3').waitFor();

    await injectFault('createProductDownload', 500);
    await downloadButton(page, 'ID.3').click();
    await expectNotice(page, "Couldn't download files due to some error. Try again later");

    await injectFault('createProductsDownload', 409, 'NO_PRODUCTS_ENABLED');
    await downloadAll(page).click();
    await expectNotice(page, "Downloading data isn't available at this moment!");

    await injectFault('createProductDownload', 409, 'COLLECTION_DISABLED');
    await downloadButton(page, 'ID.3').click();
    await expectNotice(page, "Downloading data isn't available at this moment!");

    // No job was created by the refused calls.
    expect(await downloadButton(page, 'ID.3').getAttribute('data-state')).toBe('NORMAL');
    // A product whose collection is off cannot be downloaded at all.
    expect(await downloadButton(page, 'Q4 e-tron').isDisabled()).toBe(true);

    await loadFailing(page, 'listDownloadJobs', "Couldn't get the status of your downloads. Try again later");
    await context.close();
  });

  it('downloads one product and all products as zip files', async () => {
    const { context, page } = await ownerPage(browser());
    await downloadButton(page, 'ID.4').click();
    await downloadAll(page).click();
    await cardOf(page, 'ID.4')
      .getByText(/Your data are getting prepared|Preparing files.../)
      .waitFor();
    // While a job is being prepared, data collection cannot be changed.
    const toggle = cardOf(page, 'Garage wallbox').getByRole('switch', { name: 'Enable data export' });
    expect(await toggle.isDisabled()).toBe(true);
    await cardOf(page, 'Garage wallbox')
      .getByText("Data export can't be changed while your data are being prepared.")
      .waitFor();
    // The next poll (8 s) finds both jobs completed.
    await cardOf(page, 'ID.4').getByText(READY).waitFor({ timeout: 20_000 });
    await toggle.and(page.locator(':enabled')).waitFor();
    await allStatus(page).getByText(READY).waitFor({ timeout: 20_000 });
    expect(await downloadButton(page, 'ID.4').getAttribute('data-state')).toBe('COMPLETED');
    expect(await downloadAll(page).getAttribute('data-state')).toBe('COMPLETED');

    // A failing link request says so; the next click downloads.
    await injectFault('getDownloadLink', 500);
    await downloadButton(page, 'ID.4').click();
    await expectNotice(page, "Couldn't download files due to some error. Try again later");

    const one = await downloadZip(page, downloadButton(page, 'ID.4'), folder);
    const single = readManifest(one);
    expect(single.products.map((product) => product.id)).toEqual(['prod-veh-1']);
    const vehicle = single.products[0];
    const csv = vehicle?.files.find((file) => file.format === 'csv');
    expect(csv).toBeDefined();
    const csvPath = one.entries.includes(csv?.path ?? '')
      ? (csv?.path ?? '')
      : `${vehicle?.folder}${csv?.path}`;
    // The owner's own export includes the personal fields (the vehicle's position).
    expect(csvHeader(one, csvPath)).toContain('latitude');
    expect(one.text(csvPath)).toMatch(/\r?\n\S/);

    const all = await downloadZip(page, downloadAll(page), folder);
    const manifest = readManifest(all);
    expect(manifest.products.map((product) => product.id).sort()).toEqual([
      'prod-veh-1',
      'prod-veh-2',
      'prod-wb-1',
    ]);
    expect(manifest.totals.products).toBe(3);
    expect(all.entries).toContain('manifest.json');
    await context.close();
  });

  it('says when a download job failed', async () => {
    const { context, page } = await ownerPage(browser());
    const button = downloadButton(page, 'Garage wallbox');
    await button.waitFor();
    await injectFault('downloadJob', 500);
    await button.click();
    await expectNotice(page, 'Preparing your data failed. Please start the download again.');
    // The failed job leaves the button ready to start again.
    expect(await button.getAttribute('data-state')).toBe('NORMAL');
    expect(await button.isEnabled()).toBe(true);
    await context.close();
  });
});
