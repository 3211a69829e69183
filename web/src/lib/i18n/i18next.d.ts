import 'i18next';
import type en from './en.json';
import type simulator from './simulator.en.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    // `simulator` is registered by the simulator panel's own chunk (never in a production build).
    resources: { translation: typeof en; simulator: typeof simulator };
  }
}
