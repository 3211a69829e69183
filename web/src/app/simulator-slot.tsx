import { lazy, Suspense, useEffect, useState } from 'react';
import { usePortalConfig } from '../lib/branding.ts';
import { whenIdle } from '../lib/start-stages.ts';

// `__SIMULATOR__` is a build-time constant: in a production build this is `null` and the import()
// below is removed with it, so the panel adds 0 bytes (scripts/simulator-build.test.ts checks).
const SimulatorEntry = __SIMULATOR__
  ? lazy(() =>
      import('../features/simulator/simulator-entry.tsx').then((module) => ({
        default: module.SimulatorEntry,
      })),
    )
  : null;

/** The simulator launcher, loaded only when the build has it and the server runs outside production. */
export function SimulatorSlot() {
  const { data } = usePortalConfig();
  // Once the browser is idle after the first commit: the page the server drew has no launcher, so
  // hydrating it finds none either, and the panel's code is not evaluated while the page starts.
  const [mounted, setMounted] = useState(false);
  useEffect(() => whenIdle(() => setMounted(true)), []);
  // Keyed off the server's mode (demo, development, test: on; production: off), decision 24.
  if (!SimulatorEntry || !mounted || !data || data.mode === 'production') return null;
  return (
    <Suspense fallback={null}>
      <SimulatorEntry />
    </Suspense>
  );
}
