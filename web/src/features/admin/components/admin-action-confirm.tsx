import { useState } from 'react';
import { type ConfirmTexts, TextsConfirmModal } from '../../../components/texts-confirm-modal.tsx';

/** An action asked for on an item, waiting for its confirmation. */
export type PendingAction<Item, Action> = { item: Item; action: Action };

/** The action waiting for confirmation on an admin list, if any. */
export function usePendingAction<Item, Action>() {
  const [pending, setPending] = useState<PendingAction<Item, Action> | null>(null);
  return {
    pending,
    ask: (item: Item, action: Action) => setPending({ item, action }),
    close: () => setPending(null),
  };
}

type AdminActionConfirmProps<Item extends { id: string }, Action extends string> = {
  /** Each action's confirmation texts. */
  texts: Record<Action, ConfirmTexts>;
  pending: PendingAction<Item, Action> | null;
  onClose: () => void;
  /** The list's actions as one (`adminActions`): pending while any runs. */
  actions: { isPending: boolean; run(action: Action, id: string, onDone: () => void): void };
  /** The action that takes something away (red button); the other one is shown while nothing is pending. */
  danger: Action;
  safe: Action;
  /** Names in the confirmation's text. */
  values: Partial<Record<'name' | 'owner' | 'agent', string>>;
};

/**
 * The confirmation of an admin action: its title, body and primary button, Cancel, and the
 * action run on the item once (the modal closes when it settles, whatever the answer).
 */
export function AdminActionConfirm<Item extends { id: string }, Action extends string>({
  texts,
  pending,
  onClose,
  actions,
  danger,
  safe,
  values,
}: AdminActionConfirmProps<Item, Action>) {
  const action = pending?.action ?? safe;
  return (
    <TextsConfirmModal
      texts={texts[action]}
      values={values}
      open={pending !== null}
      onOpenChange={(open) => !open && onClose()}
      primaryVariant={action === danger ? 'danger' : 'primary'}
      loading={actions.isPending}
      onPrimary={() => pending && actions.run(pending.action, pending.item.id, onClose)}
    />
  );
}
