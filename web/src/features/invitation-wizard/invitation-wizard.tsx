import { type MouseEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailure } from '../../components/load-failure.tsx';
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

  // One key per creation attempt: a repeated or retried request cannot create a second invitation.
  const idempotencyKey = useRef<string | null>(null);
  // Guards the gap between a click and the re-render that disables the button.
  const inFlight = useRef(false);

  const exit = () => {
    setStep(0);
    setSelection({});
    setCreated(null);
    create.reset();
    idempotencyKey.current = null;
    onOpenChange(false);
  };

  // The second click of a double click on Next lands on Exit once step 2 shows: only a
  // deliberate (single) click exits.
  const onExitClick = (event: MouseEvent) => {
    if (event.detail <= 1) exit();
  };

  const next = () => {
    if (inFlight.current || create.isPending) return;
    inFlight.current = true;
    idempotencyKey.current ??= crypto.randomUUID();
    create.mutate(
      { body: items, headers: { 'Idempotency-Key': idempotencyKey.current } },
      {
        onSuccess: (answer) => {
          idempotencyKey.current = null;
          setCreated(answer);
          setStep(2);
        },
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
  };

  const failure = products.isError && (
    <LoadFailure
      message={t('wizard.errors.products')}
      onRetry={() => void products.refetch()}
      retrying={products.isFetching}
    />
  );

  const footer = (
    <>
      <Button variant="secondary" onClick={onExitClick}>
        {t('wizard.exit')}
      </Button>
      {step === 1 && (
        <Button variant="secondary" onClick={() => setStep(0)} disabled={create.isPending}>
          {t('wizard.back')}
        </Button>
      )}
      {step === 0 && <Button onClick={() => setStep(1)}>{t('wizard.getStarted')}</Button>}
      {step === 1 && (
        <Button
          onClick={next}
          loading={create.isPending}
          disabled={items.length === 0 || products.isError}
          onDoubleClick={(event) => event.preventDefault()}
        >
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
      className="invitation-wizard"
      // A stray click (e.g. the second click of a double click on Next once the dialog has resized)
      // must not close it and lose the code: Exit, Close and Escape close it.
      closeOnOutsideClick={false}
      footer={footer}
    >
      {step === 0 && (
        <WelcomeStep
          loading={products.isPending && !products.isError}
          anyEnabled={vehicles.length + wallboxes.length > 0}
          failure={failure}
        />
      )}
      {step === 1 && (
        <SelectDataStep
          vehicles={vehicles}
          wallboxes={wallboxes}
          failure={failure}
          selection={selection}
          onChange={setSelection}
        />
      )}
      {step === 2 && created && <CopyLinkStep code={created.code} expiresAt={created.expiresAt} />}
    </Modal>
  );
}
