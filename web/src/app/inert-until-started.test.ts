import { describe, expect, it } from 'vitest';
import { inertUntilStarted } from './inert-until-started.ts';

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
});
