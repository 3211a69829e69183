import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useRedeemCode } from '../api/use-redeem-code.ts';

export type RedeemModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A code stored from a /redeem/ link. */
  initialCode?: string;
};

/** 'Request data permission with an access code'; one inline message for every failure. */
export function RedeemModal({ open, onOpenChange, initialCode = '' }: RedeemModalProps) {
  const { t } = useTranslation();
  const id = useId();
  const formId = `${id}-form`;
  const errorId = `${id}-error`;
  const [code, setCode] = useState(initialCode);
  const [invalid, setInvalid] = useState(false);
  const redeem = useRedeemCode();

  const close = (next: boolean) => {
    if (!next) {
      setCode('');
      setInvalid(false);
    }
    onOpenChange(next);
  };

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title={t('connectedUsers.redeem.title')}
      description={t('connectedUsers.redeem.body')}
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form={formId} disabled={code.trim() === ''} loading={redeem.isPending}>
            {t('connectedUsers.redeem.submit')}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className="redeem-form"
        onSubmit={(event) => {
          event.preventDefault();
          const value = code.trim();
          if (!value) return;
          redeem.mutate(
            { params: { path: { code: value } } },
            { onSuccess: () => close(false), onError: () => setInvalid(true) },
          );
        }}
      >
        <label htmlFor={`${id}-code`} className="redeem-form__label">
          {t('connectedUsers.redeem.label')}
        </label>
        <input
          id={`${id}-code`}
          className="ui-input redeem-form__input"
          value={code}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          onChange={(event) => {
            setCode(event.target.value);
            setInvalid(false);
          }}
        />
        {invalid && (
          <p id={errorId} className="redeem-form__error" role="alert">
            {t('connectedUsers.redeem.invalid')}
          </p>
        )}
      </form>
    </Modal>
  );
}
