import { describe, expect, it } from 'vitest';
import { newContext, signIn } from './support/browser.ts';
import { useBrowser } from './support/kit.ts';

describe('the slice: contract → server → SQLite → React page', () => {
  const browser = useBrowser();

  it('shows the seeded owner her vehicles and home chargers after signing in', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await signIn(page, 'owner@example.com');
    await page.waitForURL('**/products');
    await page.getByRole('heading', { name: 'Connected Products' }).waitFor();
    await page.getByRole('heading', { name: 'My vehicles' }).waitFor();
    const products = (await page.request.get('/api/v1/products').then((r) => r.json())) as {
      vehicles: Array<{ externalId: string }>;
      wallboxes: Array<{ externalId: string }>;
    };
    expect(products.vehicles.length).toBeGreaterThan(0);
    expect(products.wallboxes.length).toBeGreaterThan(0);
    for (const product of [...products.vehicles, ...products.wallboxes]) {
      await page.getByText(product.externalId, { exact: false }).first().waitFor();
    }
    await context.close();
  });

  it('sends a visitor without a session to the login page', async () => {
    const context = await newContext(browser());
    const page = await context.newPage();
    await page.goto('/products');
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: 'Login / Sign up' }).waitFor();
    await context.close();
  });
});
