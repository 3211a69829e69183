import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pathOf, signedInPage } from './support/browser.ts';
import { useBrowser } from './support/kit.ts';

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);
const focusedRole = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('role') ?? null);

/** The open menu's item texts and the one marked as the current page. */
async function menuContents(menu: Locator): Promise<{ items: string[]; current: string[] }> {
  // The menu's code loads at its first use: under load its items can come a moment after the click.
  await menu.getByRole('menuitem').first().waitFor();
  return {
    items: (await menu.getByRole('menuitem').allTextContents()).map((text) => text.trim()),
    current: (await menu.locator('[role="menuitem"][aria-current="page"]').allTextContents()).map((text) =>
      text.trim(),
    ),
  };
}

/** Opens the menu from the focused trigger with a key, checks focus moved in, closes it with Escape. */
async function openAndCloseWithKeyboard(page: Page, trigger: Locator, key: 'Enter' | 'Space') {
  await trigger.focus();
  await page.keyboard.press(key);
  const menu = page.getByRole('menu');
  await menu.waitFor();
  // Radix updates the trigger's state in the same render as the menu, but under load the read can land first.
  await expect.poll(() => trigger.getAttribute('aria-expanded')).toBe('true');
  await expect.poll(() => focusedRole(page)).toBe('menuitem');
  await page.keyboard.press('ArrowDown');
  expect(await focusedRole(page)).toMatch(/^menuitem/);
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'detached' });
  await expect.poll(() => isFocused(trigger)).toBe(true);
  await expect.poll(() => trigger.getAttribute('aria-expanded')).toBe('false');
}

describe('shell: header navigation and account menus', () => {
  const browser = useBrowser();

  it('at 1280 px: nav in the header follows the path; the avatar menu holds email, guide and log out', async () => {
    const { context, page } = await signedInPage(browser(), 'owner@example.com', 'desktop');
    await page.waitForURL('**/products');
    await page.getByRole('heading', { name: 'Connected Products' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const products = nav.getByRole('link', { name: 'Products' });
    const agents = nav.getByRole('link', { name: 'Agents' });
    expect(await products.getAttribute('aria-current')).toBe('page');
    expect(await products.getAttribute('class')).toContain('app-header__link--selected');
    expect(await agents.getAttribute('aria-current')).toBeNull();

    await agents.click();
    await page.waitForURL('**/agents');
    await expect.poll(() => agents.getAttribute('aria-current')).toBe('page');
    expect(await products.getAttribute('aria-current')).toBeNull();
    expect(await agents.getAttribute('class')).toContain('app-header__link--selected');

    // No burger on desktop; the avatar opens the account menu.
    expect(await page.getByRole('button', { name: 'Open menu' }).count()).toBe(0);
    const trigger = page.getByRole('button', { name: 'Account menu' });
    expect(await trigger.getAttribute('aria-haspopup')).toBe('menu');
    await trigger.click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    expect(await menu.textContent()).toContain('owner@example.com');
    const { items } = await menuContents(menu);
    expect(items).toContain('View user guide');
    expect(items).toContain('Log out');
    expect(items).not.toContain('Products');
    expect(items).not.toContain('Agents');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });

    await openAndCloseWithKeyboard(page, trigger, 'Enter');
    // Space from a freshly loaded page, with nothing in flight: in the full suite under CI load, a second
    // keyboard open right after the first sometimes closed again at once (not reproduced on its own).
    await page.reload();
    await page.waitForLoadState('networkidle');
    await openAndCloseWithKeyboard(page, trigger, 'Space');
    await context.close();
  });

  it('at 390 px: the burger menu holds email, nav items (current marked), guide and log out', async () => {
    const { context, page } = await signedInPage(browser(), 'owner@example.com', 'mobile');
    await page.waitForURL('**/products');
    await page.getByRole('heading', { name: 'Connected Products' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Account menu' }).count()).toBe(0);

    const burger = page.getByRole('button', { name: 'Open menu' });
    await burger.click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    expect(await menu.textContent()).toContain('owner@example.com');
    const contents = await menuContents(menu);
    expect(contents.items.slice(0, 2)).toEqual(['Products', 'Agents']);
    expect(contents.items).toContain('View user guide');
    expect(contents.items).toContain('Log out');
    expect(contents.current).toEqual(['Products']);

    await menu.getByRole('menuitem', { name: 'Agents' }).click();
    await page.waitForURL('**/agents');
    await menu.waitFor({ state: 'detached' });
    // The URL changes first; the shell follows once the lazily loaded page has rendered.
    await page.getByRole('tab', { name: /^All data recipients/ }).waitFor();

    // Keyboard: Enter opens with focus inside; the current item has moved to Agents.
    await burger.focus();
    await page.keyboard.press('Enter');
    await menu.waitFor();
    expect((await menuContents(menu)).current).toEqual(['Agents']);
    await expect.poll(() => focusedRole(page)).toBe('menuitem');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(burger)).toBe(true);

    await openAndCloseWithKeyboard(page, burger, 'Space');

    // A nav item can be chosen with the keyboard alone.
    await page.keyboard.press('Enter');
    await menu.waitFor();
    await expect.poll(() => focusedRole(page)).toBe('menuitem');
    const productsItem = menu.getByRole('menuitem', { name: 'Products' });
    await productsItem.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/products');
    expect(pathOf(page)).toBe('/products');
    await context.close();
  });

  it('at 390 px: an active company sees Users in the burger menu; a company in review sees no nav items', async () => {
    const fleet = await signedInPage(browser(), 'fleet@example.com', 'mobile');
    await fleet.page.waitForURL('**/users');
    // The URL changes first; the shell follows once the lazily loaded page has rendered.
    await fleet.page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await fleet.page.getByRole('button', { name: 'Open menu' }).click();
    const fleetMenu = await menuContents(fleet.page.getByRole('menu'));
    expect(fleetMenu.items[0]).toBe('Users');
    expect(fleetMenu.current).toEqual(['Users']);
    expect(fleetMenu.items).not.toContain('Products');
    await fleet.context.close();

    const pending = await signedInPage(browser(), 'pending@example.com', 'mobile');
    await pending.page.waitForURL('**/agent-registration');
    await pending.page.getByRole('button', { name: 'Open menu' }).click();
    const pendingMenu = pending.page.getByRole('menu');
    await pendingMenu.waitFor();
    expect(await pendingMenu.textContent()).toContain('pending@example.com');
    const { items } = await menuContents(pendingMenu);
    expect(items).toContain('View user guide');
    expect(items).toContain('Log out');
    for (const navItem of ['Products', 'Agents', 'Users']) expect(items).not.toContain(navItem);
    await pending.context.close();
  });
});
