import type { ReactNode } from 'react';
import { InfoIcon, WarningIcon } from './icons.tsx';

export type CalloutProps = { type?: 'info' | 'warning'; title?: ReactNode; children: ReactNode };

export function Callout({ type = 'info', title, children }: CalloutProps) {
  return (
    <div className={`ui-callout ui-callout--${type}`} role="note">
      {type === 'warning' ? (
        <WarningIcon className="ui-callout__icon" />
      ) : (
        <InfoIcon className="ui-callout__icon" />
      )}
      <div className="ui-callout__content">
        {title && <p className="ui-callout__title">{title}</p>}
        <div>{children}</div>
      </div>
    </div>
  );
}
