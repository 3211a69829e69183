import { describe, expect, it } from 'vitest';
import { inertUntilStarted, releaseUntilApp } from './inert-until-started.ts';

describe('inertUntilStarted', () => {
  it('disables every enabled control and marks it, links and text untouched', () => {
    const markup =
      '<header><a href="/agents">Data recipients</a><button type="button" aria-label="Account menu">A</button></header>' +
      '<button type="button" role="switch" aria-checked="false" value="on" class="ui-switch__root"></button>' +
      '<input type="search" value="a &gt; b"/><select name="s"><option>x</option></select><textarea></textarea>' +
      '<p>write &lt;button&gt; here</p>';
    const inert = inertUntilStarted(markup);
    expect(inert).toBe(
      '<header><a href="/agents">Data recipients</a><button type="button" aria-label="Account menu" disabled="" data-until-app="">A</button></header>' +
        '<button type="button" role="switch" aria-checked="false" value="on" class="ui-switch__root" disabled="" data-until-app=""></button>' +
        '<input type="search" value="a &gt; b" disabled="" data-until-app=""/><select name="s" disabled="" data-until-app=""><option>x</option></select><textarea disabled="" data-until-app=""></textarea>' +
        '<p>write &lt;button&gt; here</p>',
    );
  });

  it('leaves controls that are disabled already (their own look) and hidden fields alone', () => {
    const markup =
      '<button type="button" disabled="">Busy</button><button disabled>Off</button><input type="hidden" name="k" value="v"/>';
    expect(inertUntilStarted(markup)).toBe(markup);
  });

  it("leaves a control that works without the app (a plain form's submit button) enabled", () => {
    const markup =
      '<form action="/api/v1/login"><input type="radio" name="role" value="user"/>' +
      '<button type="submit" data-works-without-app="">Sign in</button></form>';
    expect(inertUntilStarted(markup)).toBe(
      '<form action="/api/v1/login"><input type="radio" name="role" value="user" disabled="" data-until-app=""/>' +
        '<button type="submit" data-works-without-app="">Sign in</button></form>',
    );
  });

  it('once the app has hydrated the markup, takes the marks off and enables what it disabled', () => {
    const root = document.createElement('div');
    root.innerHTML = inertUntilStarted(
      '<input type="radio" name="role"/><button type="button" disabled="">Busy</button><select></select>',
    );
    releaseUntilApp(root);
    expect(root.querySelectorAll('[data-until-app]')).toHaveLength(0);
    expect(root.querySelector('input')?.disabled).toBe(false);
    expect(root.querySelector('select')?.disabled).toBe(false);
    // The app's own disabled control stays disabled.
    expect(root.querySelector('button')?.disabled).toBe(true);
  });
});
