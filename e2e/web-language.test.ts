import { describe, expect, it } from 'vitest';
import { useBrowser } from './support/kit.ts';
import { ownerPage } from './support/owner-screens.ts';

// Issue 13: the language switch end to end: the menu changes every text, <html lang> and the formats,
// and the choice survives a reload.

describe('language (issue 13)', () => {
  const browser = useBrowser();

  it('choosing Ελληνικά translates the pages, sets <html lang> and is kept after a reload', async () => {
    const { context, page } = await ownerPage(browser());
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitemradio', { name: 'Ελληνικά' }).click();
    await page.getByRole('heading', { level: 1, name: 'Συνδεδεμένα προϊόντα' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('el');
    await page.getByRole('link', { name: 'Αποδέκτες' }).click();
    await page.getByRole('heading', { level: 1, name: 'Αποδέκτες δεδομένων' }).waitFor();
    await page.getByRole('tab', { name: /Σύνδεσμοι πρόσκλησης/ }).waitFor();
    // Dates on the cards are written the Greek way (dd/mm/yyyy) under Greek labels.
    await page
      .getByText(/Ημερομηνία (προσθήκης|αιτήματος|δημιουργίας|απόρριψης|αφαίρεσης): \d\d\/\d\d\/\d{4}/)
      .first()
      .waitFor();

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Αποδέκτες δεδομένων' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('el');
    expect(await page.evaluate(() => window.localStorage.getItem('portal.language'))).toBe('el');

    await page.getByRole('button', { name: 'Μενού λογαριασμού' }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await page.getByRole('heading', { level: 1, name: 'Data recipients' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await context.close();
  });
});
