import { Tabs as RadixTabs } from 'radix-ui';
import type { ReactNode } from 'react';
import { formatNumber } from '../../lib/intl-format.ts';

export type TabItem = {
  value: string;
  label: string;
  badge?: number;
  badgeLabel?: string;
  /** The tab's own panel; leave it out to render `TabPanel`s (or one shared panel) as children. */
  panel?: ReactNode;
};

export type TabsProps = {
  value: string;
  onValueChange: (value: string) => void;
  items: readonly TabItem[];
  label: string;
  children?: ReactNode;
};

/** Tabs (Radix) with an optional count badge per tab; one `TabPanel` per item, from its `panel` or the children. */
export function Tabs({ value, onValueChange, items, label, children }: TabsProps) {
  return (
    <RadixTabs.Root className="ui-tabs" value={value} onValueChange={onValueChange}>
      <RadixTabs.List className="ui-tabs__list" aria-label={label}>
        {items.map((item) => (
          <RadixTabs.Trigger key={item.value} value={item.value} className="ui-tabs__trigger">
            <span>{item.label}</span>
            {item.badge !== undefined && item.badge > 0 && (
              <span className="ui-tabs__badge">
                <span aria-hidden="true">{formatNumber(item.badge)}</span>
                <span className="visually-hidden">, {item.badgeLabel ?? formatNumber(item.badge)}</span>
              </span>
            )}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {items.map(
        (item) =>
          item.panel !== undefined && (
            <TabPanel key={item.value} value={item.value}>
              {item.panel}
            </TabPanel>
          ),
      )}
      {children}
    </RadixTabs.Root>
  );
}

export function TabPanel({ value, children }: { value: string; children: ReactNode }) {
  return (
    <RadixTabs.Content value={value} className="ui-tabs__panel">
      {children}
    </RadixTabs.Content>
  );
}
