import { type ReactNode, useEffect, useRef } from 'react';
import { Button, type ButtonVariant } from './button.tsx';
import { Modal } from './modal.tsx';

export type ConfirmModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  body: ReactNode;
  primaryLabel: string;
  secondaryLabel: string;
  onPrimary: () => void;
  /** Defaults to closing the modal. */
  onSecondary?: () => void;
  primaryVariant?: ButtonVariant;
  loading?: boolean;
};

/**
 * Confirmation dialog: 650 x 235 px, on mobile (below 768 px) 85% x 302 px (see styles).
 *
 * One action per confirmation: the primary button acts once, however fast it is clicked again (the
 * `loading` state it shows comes a moment later), until the dialog closes or its action has finished
 * with the dialog still open (then it may be tried again).
 */
export function ConfirmModal({
  open,
  onOpenChange,
  title,
  body,
  primaryLabel,
  secondaryLabel,
  onPrimary,
  onSecondary,
  primaryVariant = 'primary',
  loading = false,
}: ConfirmModalProps) {
  const acted = useRef(false);
  useEffect(() => {
    if (!open || !loading) acted.current = false;
  }, [open, loading]);
  const act = () => {
    if (acted.current) return;
    acted.current = true;
    onPrimary();
  };
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={body}
      width={650}
      height={235}
      className="ui-modal--confirm"
      footer={
        <>
          <Button variant="secondary" onClick={onSecondary ?? (() => onOpenChange(false))}>
            {secondaryLabel}
          </Button>
          <Button variant={primaryVariant} loading={loading} onClick={act}>
            {primaryLabel}
          </Button>
        </>
      }
    />
  );
}
