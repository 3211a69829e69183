/**
 * The specification's breakpoints, for scripts: the same values as the named media queries of
 * styles/breakpoints.css (breakpoints.test.ts checks). Layout is CSS's alone, so a page drawn without
 * knowing the browser's width is right at every width (docs/decisions/0043).
 */
export const BREAKPOINTS = {
  mobile: 480,
  tablet: 768,
  laptop: 1024,
  desktop: 1200,
  largeDesktop: 1600,
} as const;

/** mobile: below 768; tablet: 768 to 1023; laptop: 1024 and up. */
export type Device = 'mobile' | 'tablet' | 'laptop';

export function deviceFor(width: number): Device {
  if (width < BREAKPOINTS.tablet) return 'mobile';
  if (width < BREAKPOINTS.laptop) return 'tablet';
  return 'laptop';
}
