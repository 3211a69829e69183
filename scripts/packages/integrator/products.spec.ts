// An integrator's browser test, run from an empty project where the packages are installed (installed.test.ts).
import { expect, test } from '@playwright/test';

test('an owner signed in as a persona sees their vehicles', async ({ page }) => {
  const signedIn = await page.request.post('/api/v1/sim/persona', { data: { email: 'owner@example.com' } });
  expect(signedIn.status()).toBe(200);
  await page.goto('/products');
  await expect(page.getByText('WVGZZZE2ZNP004821').first()).toBeVisible();
});
