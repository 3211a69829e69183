/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BREAKPOINTS, deviceFor } from './breakpoints.ts';

// Every stylesheet of the app as text, keyed by its path under src/ (the tests do not load CSS).
const src = path.resolve(import.meta.dirname, '..');
const stylesheets = Object.fromEntries(
  readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.css'))
    .map((file) => [file, readFileSync(`${src}/${file}`, 'utf8')]),
);
const breakpointsCss = stylesheets['styles/breakpoints.css'] ?? '';

describe('breakpoints', () => {
  it('mobile below 768, tablet 768 to 1023, laptop from 1024', () => {
    expect(deviceFor(480)).toBe('mobile');
    expect(deviceFor(767)).toBe('mobile');
    expect(deviceFor(768)).toBe('tablet');
    expect(deviceFor(1023)).toBe('tablet');
    expect(deviceFor(1024)).toBe('laptop');
    expect(deviceFor(1600)).toBe('laptop');
  });

  it('styles/breakpoints.css names exactly the five values of lib/breakpoints.ts', () => {
    const widths = new Set([...breakpointsCss.matchAll(/(\d+)px/g)].map((match) => Number(match[1])));
    expect([...widths].sort((a, b) => a - b)).toEqual(Object.values(BREAKPOINTS));
  });

  it('every layout media query uses a named breakpoint, never a width of its own', () => {
    const adHoc = Object.entries(stylesheets).flatMap(([file, css]) =>
      file.endsWith('/breakpoints.css')
        ? []
        : [...css.matchAll(/@media[^{]*\d+(px|em|rem)[^{]*/g)].map((match) => `${file}: ${match[0].trim()}`),
    );
    expect(Object.keys(stylesheets).length).toBeGreaterThan(10);
    expect(adHoc).toEqual([]);
  });

  it('a stylesheet that uses a named breakpoint imports the file that defines it', () => {
    const missing = Object.entries(stylesheets)
      // The global sheets (styles/) are bundled through styles/index.css, which imports it first.
      .filter(([file, css]) => !file.startsWith('styles/') && /@media[^{]*\(--/.test(css))
      .filter(([, css]) => !css.includes('@import "../../styles/breakpoints.css";'))
      .map(([file]) => file);
    expect(missing).toEqual([]);
  });
});
