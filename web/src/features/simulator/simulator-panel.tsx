import { Dialog } from 'radix-ui';
import { type ComponentType, type RefObject, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../../components/ui/icons.tsx';
import { Tabs } from '../../components/ui/tabs.tsx';
import { CallsSection } from './sections/calls-section.tsx';
import { ClockSection } from './sections/clock-section.tsx';
import { FaultsSection } from './sections/faults-section.tsx';
import { PersonaSection } from './sections/persona-section.tsx';
import { WorldSection } from './sections/world-section.tsx';

const TABS = ['persona', 'world', 'faults', 'clock', 'calls'] as const;
type Tab = (typeof TABS)[number];
const SECTIONS: Record<Tab, ComponentType> = {
  persona: PersonaSection,
  world: WorldSection,
  faults: FaultsSection,
  clock: ClockSection,
  calls: CallsSection,
};

/** The simulator as a drawer dialog: focus trapped inside, Escape closes it, focus returns to the launcher. */
export function SimulatorPanel({
  open,
  onOpenChange,
  launcher,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens the panel: the focus goes back to it when the panel closes. */
  launcher?: RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useTranslation('simulator');
  const [tab, setTab] = useState<Tab>('persona');
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="simulator__overlay" />
        <Dialog.Content
          className="simulator"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            if (!launcher?.current) return;
            event.preventDefault();
            launcher.current.focus();
          }}
        >
          <div className="simulator__header">
            <Dialog.Title className="simulator__title">{t('title')}</Dialog.Title>
            <Dialog.Close className="ui-icon-button ui-icon-button--ghost" aria-label={t('close')}>
              <CloseIcon />
            </Dialog.Close>
          </div>
          <Tabs
            value={tab}
            onValueChange={(value) => setTab(value as Tab)}
            label={t('title')}
            items={TABS.map((value) => {
              const Section = SECTIONS[value];
              return { value, label: t(`tabs.${value}`), panel: <Section /> };
            })}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
