import { afterEach, describe, expect, it } from 'vitest';
import { keepFocusThroughTakeover } from './keep-focus.ts';

// The server's page and the app's page of the same list: the app's draws another window of cards
// around the focused one (other elements before it), and ids made by useId differ.
const card = (position: number) =>
  `<li aria-posinset="${position}"><h3>Card ${position}</h3><div><span class="badge" tabindex="0">Active</span></div></li>`;
const page = (id: string, cards: number[]) => `
  <header><a href="/" aria-label="Home">Home</a></header>
  <header><a href="/" aria-label="Home">Home</a></header>
  <main>
    <label for="${id}">Search</label><input id="${id}" type="search" value="Müller">
    <ul aria-label="Users">${cards.map(card).join('')}</ul>
  </main>`;

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function drawnPage(): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = page('_R_abl_', [1, 2, 3]);
  document.body.append(container);
  return container;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('keepFocusThroughTakeover', () => {
  it('gives the focus to the same card when the app draws the list afresh', async () => {
    const container = drawnPage();
    (container.querySelector('[aria-posinset="2"] .badge') as HTMLElement).focus();
    const stop = keepFocusThroughTakeover(container);
    container.innerHTML = page('_r_0_', [2, 5, 6, 7]);
    await flush();
    expect(document.activeElement?.closest('li')?.getAttribute('aria-posinset')).toBe('2');
    expect(document.activeElement?.className).toBe('badge');
    stop();
  });

  it('keeps the caret of a text field, and the second of two equal links', async () => {
    const container = drawnPage();
    const stop = keepFocusThroughTakeover(container);
    const field = container.querySelector('input') as HTMLInputElement;
    field.focus();
    field.setSelectionRange(2, 4);
    document.dispatchEvent(new Event('selectionchange'));
    container.innerHTML = page('_r_0_', [1, 2, 3]);
    await flush();
    const redrawn = document.activeElement as HTMLInputElement;
    expect(redrawn).toBe(container.querySelector('input'));
    expect([redrawn.selectionStart, redrawn.selectionEnd]).toEqual([2, 4]);

    (container.querySelectorAll('a')[1] as HTMLElement).focus();
    container.innerHTML = page('_r_1_', [1, 2, 3]);
    await flush();
    expect(document.activeElement).toBe(container.querySelectorAll('a')[1]);
    stop();
  });

  it('keeps no focus the user moved away, and nothing once the app has started', async () => {
    const container = drawnPage();
    const stop = keepFocusThroughTakeover(container);
    const badge = container.querySelector('.badge') as HTMLElement;
    badge.focus();
    badge.blur();
    await flush();
    container.innerHTML = page('_r_0_', [1, 2, 3]);
    await flush();
    expect(document.activeElement).toBe(document.body);

    (container.querySelector('.badge') as HTMLElement).focus();
    stop();
    container.innerHTML = page('_r_1_', [1, 2, 3]);
    await flush();
    expect(document.activeElement).toBe(document.body);
  });
});
