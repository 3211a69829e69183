import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { Tooltip } from '../../../components/ui/tooltip.tsx';
import { badgeToneOf, type DisplayStatus } from '../../../lib/invitation-status.ts';

/** The displayed status as text, with its explanation in a tooltip (reachable by keyboard). */
export function StatusBadge({ status }: { status: DisplayStatus }) {
  const { t } = useTranslation();
  return (
    <Tooltip content={t(`status.tooltips.${status}`)}>
      <Badge tone={badgeToneOf(status)} focusable data-status={status}>
        {t(`status.${status}`)}
      </Badge>
    </Tooltip>
  );
}
