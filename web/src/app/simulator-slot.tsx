import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePortalConfig } from '../lib/branding.ts';
import { isSimulatorShortcut, simulatorLauncherProps } from '../lib/simulator-shortcut.ts';

// `__SIMULATOR__` is a build-time constant: in a production build this is `null` and the import()
// below is removed with it, so the panel adds 0 bytes (scripts/simulator-build.test.ts checks).
const SimulatorPanel = __SIMULATOR__
  ? lazy(() =>
      import('../features/simulator/simulator-entry.tsx').then((module) => ({
        default: module.SimulatorPanel,
      })),
    )
  : null;

/**
 * The simulator launcher, when the build has the simulator and the server runs outside production
 * (decision 24). The button is part of the page (the server draws it too, `__SIMULATOR_LAUNCHER__`),
 * so it costs the start nothing but its markup; the panel's code is loaded at the first sign of
 * intent (the pointer over it, the focus on it, a click, or the shortcut Alt+Shift+S) and drawn
 * once loaded, opened if that was asked for; closing it brings the focus back to the button.
 */
export function SimulatorSlot() {
  const { t } = useTranslation();
  const { data } = usePortalConfig();
  const shown = __SIMULATOR_LAUNCHER__ && data !== undefined && data.mode !== 'production';
  // The panel's code asked for (and kept once loaded), and whether the panel is open.
  const [wanted, setWanted] = useState(false);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!shown) return;
    const onKey = (event: KeyboardEvent) => {
      if (!isSimulatorShortcut(event)) return;
      event.preventDefault();
      setWanted(true);
      setOpen((current) => !current);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [shown]);
  if (!shown) return null;
  const want = () => setWanted(true);
  return (
    <>
      <button
        ref={button}
        {...simulatorLauncherProps(open)}
        onPointerEnter={want}
        onFocus={want}
        onClick={() => {
          want();
          setOpen(true);
        }}
      >
        {t('modeBanner.simulator')}
      </button>
      {SimulatorPanel && wanted && (
        <Suspense fallback={null}>
          <SimulatorPanel open={open} onOpenChange={setOpen} launcher={button} />
        </Suspense>
      )}
    </>
  );
}
