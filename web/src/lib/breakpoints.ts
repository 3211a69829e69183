import { useSyncExternalStore } from 'react';

/** Same values as the named media queries of styles/breakpoints.css (breakpoints.test.ts checks). */
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

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

const snapshot = (): Device => deviceFor(window.innerWidth);

/** What a render without a window (the server's, app/signed-in-render.tsx) draws for. */
let serverDevice: Device = 'laptop';

/** For the server's render only: the device the request says it comes from (renders are synchronous). */
export function setServerDevice(device: Device): void {
  serverDevice = device;
}

export function useBreakpoint(): Device {
  return useSyncExternalStore(subscribe, snapshot, () => serverDevice);
}
