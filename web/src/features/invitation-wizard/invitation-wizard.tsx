import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import type { Schemas } from '../../lib/api/types.ts';
import { useCreateInvitation } from './api/use-create-invitation.ts';
import { useWizardProducts } from './api/use-wizard-products.ts';
import { invitationItems, offeredProducts, type Selection } from './selection.ts';
import { CopyLinkStep } from './steps/copy-link-step.tsx';
import { SelectDataStep } from './steps/select-data-step.tsx';
import { WelcomeStep } from './steps/welcome-step.tsx';
import './invitation-wizard.css';

export type InvitationWizardProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

type Step = 0 | 1 | 2;

/** Welcome (0), select data (1), copy link (2). Exit always resets to step 0 and closes. */
export function InvitationWizard({ open, onOpenChange }: InvitationWizardProps) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>(0);
  const [selection, setSelection] = useState<Selection>({});
  const [created, setCreated] = useState<Schemas['InvitationCreated'] | null>(null);
  const products = useWizardProducts(open);
  const create = useCreateInvitation();

  const vehicles = offeredProducts(products.data?.vehicles);
  const wallboxes = offeredProducts(products.data?.wallboxes);
  const items = invitationItems(selection, [...vehicles, ...wallboxes]);

  const exit = () => {
    setStep(0);
    setSelection({});
    setCreated(null);
    create.reset();
    onOpenChange(false);
  };

  const next = () =>
    create.mutate(
      { body: items },
      {
        onSuccess: (answer) => {
          setCreated(answer);
          setStep(2);
        },
      },
    );

  const footer = (
    <>
      <Button variant="secondary" onClick={exit}>
        {t('wizard.exit')}
      </Button>
      {step === 1 && (
        <Button variant="secondary" onClick={() => setStep(0)} disabled={create.isPending}>
          {t('wizard.back')}
        </Button>
      )}
      {step === 0 && <Button onClick={() => setStep(1)}>{t('wizard.getStarted')}</Button>}
      {step === 1 && (
        <Button onClick={next} loading={create.isPending} disabled={items.length === 0 || products.isError}>
          {t('wizard.next')}
        </Button>
      )}
    </>
  );

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) exit();
      }}
      title={t('wizard.title')}
      width={720}
      height={420}
      className="invitation-wizard"
      footer={footer}
    >
      {step === 0 && (
        <WelcomeStep
          loading={products.isPending && !products.isError}
          anyEnabled={vehicles.length + wallboxes.length > 0}
        />
      )}
      {step === 1 && (
        <SelectDataStep
          vehicles={vehicles}
          wallboxes={wallboxes}
          failed={products.isError}
          selection={selection}
          onChange={setSelection}
        />
      )}
      {step === 2 && created && <CopyLinkStep code={created.code} expiresAt={created.expiresAt} />}
    </Modal>
  );
}
