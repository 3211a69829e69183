// An integrator's browser test with the contract package's Playwright fixture, run from an empty
// project where the packages are installed (installed.test.ts): each test has its own sandbox on the
// server and a context signed in as the persona it names.
import { expect, test } from 'data-act-portal-contract/playwright';

test.use({ persona: 'owner@example.com' });

test('an owner signed in by the fixture sees their vehicles, in a sandbox of their own', async ({
  page,
  sandbox,
}) => {
  expect(sandbox.persona).toBe('owner@example.com');
  expect(sandbox.id).toMatch(/^pw-/);
  await page.goto('/products');
  await expect(page.getByText('WVGZZZE2ZNP004821').first()).toBeVisible();
});

test.describe('a visitor', () => {
  test.use({ persona: null });
  test('is asked to sign in', async ({ page }) => {
    const products = await page.request.get('/api/v1/products');
    expect(products.status()).toBe(401);
  });
});
