/**
 * Set by vite.config.ts at build time: false when the build is for production
 * (`PORTAL_MODE=production npm run build`), so the simulator panel is dropped from the bundle.
 */
declare const __SIMULATOR__: boolean;

/**
 * Set by vite.config.ts for the browser's and the server's builds alike: whether the pages draw the
 * simulator launcher (outside production builds), so the page the server draws holds the same button.
 */
declare const __SIMULATOR_LAUNCHER__: boolean;
