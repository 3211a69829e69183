/**
 * Set by vite.config.ts at build time: false when the build is for production
 * (`PORTAL_MODE=production npm run build`), so the simulator panel is dropped from the bundle.
 */
declare const __SIMULATOR__: boolean;
