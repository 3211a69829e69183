import type { ReactNode } from 'react';
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

/** Confirmation dialog: 650 x 235 px, on mobile (below 768 px) 85% x 302 px (see styles). */
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
          <Button variant={primaryVariant} loading={loading} onClick={onPrimary}>
            {primaryLabel}
          </Button>
        </>
      }
    />
  );
}
