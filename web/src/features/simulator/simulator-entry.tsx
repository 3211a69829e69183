import i18next from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import greek from '../../lib/i18n/simulator.el.json';
import english from '../../lib/i18n/simulator.en.json';
import { isSimulatorShortcut, simulatorLauncherProps } from '../../lib/simulator-shortcut.ts';
import { SimulatorPanel } from './simulator-panel.tsx';
import './simulator.css';

// The panel's texts travel in its chunk, so a production build carries none of them.
i18next.addResourceBundle('en', 'simulator', english, true, true);
i18next.addResourceBundle('el', 'simulator', greek, true, true);

/** The panel alone, for the app's own launcher (app/simulator-slot.tsx), with its texts and styles. */
export { SimulatorPanel };

/**
 * The launcher and its keyboard shortcut on a fresh /login (its own root beside the light sign-in
 * page). Loaded as its own chunk; a production build does not contain it at all.
 */
export function SimulatorEntry() {
  const { t } = useTranslation('simulator');
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isSimulatorShortcut(event)) return;
      event.preventDefault();
      setOpen((current) => !current);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <>
      <button ref={button} {...simulatorLauncherProps(open)} onClick={() => setOpen(true)}>
        {t('launcher')}
      </button>
      <SimulatorPanel open={open} onOpenChange={setOpen} launcher={button} />
    </>
  );
}
