import i18next from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import greek from '../../lib/i18n/simulator.el.json';
import english from '../../lib/i18n/simulator.en.json';
import { SimulatorPanel } from './simulator-panel.tsx';
import './simulator.css';

// The panel's texts travel in its chunk, so a production build carries none of them.
i18next.addResourceBundle('en', 'simulator', english, true, true);
i18next.addResourceBundle('el', 'simulator', greek, true, true);

/** Alt+Shift+S, matched on the physical key so it also works where Alt changes the character. */
export const isSimulatorShortcut = (event: KeyboardEvent) =>
  event.altKey && event.shiftKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyS';

/**
 * The launcher on every page (outside production) and its keyboard shortcut. Loaded as its own chunk;
 * a production build does not contain it at all.
 */
export function SimulatorEntry() {
  const { t } = useTranslation('simulator');
  const [open, setOpen] = useState(false);
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
      <button
        type="button"
        className="simulator-launcher"
        aria-keyshortcuts="Alt+Shift+S"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        {t('launcher')}
      </button>
      <SimulatorPanel open={open} onOpenChange={setOpen} />
    </>
  );
}
