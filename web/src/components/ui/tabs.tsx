import { Tabs as RadixTabs } from 'radix-ui';
import { createContext, type ReactNode, useContext } from 'react';
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

/** The chosen tab's value, for the panels. */
const ChosenTab = createContext<string | undefined>(undefined);

/** Tabs (Radix) with an optional count badge per tab; one `TabPanel` per item, from its `panel` or the children. */
export function Tabs({ value, onValueChange, items, label, children }: TabsProps) {
  return (
    <ChosenTab.Provider value={value}>
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
    </ChosenTab.Provider>
  );
}

/**
 * A tab's panel, its content drawn in the same render as the choice of its tab. (Radix's own presence
 * draws a newly chosen panel's content one render later, in a layout effect: Back to `?tab=…` then
 * restored the window's place while the other tab's content still stood there, cut to its height.)
 * A panel not chosen is there, hidden and empty, as Radix draws it.
 */
export function TabPanel({ value, children }: { value: string; children: ReactNode }) {
  const chosen = useContext(ChosenTab) === value;
  return (
    <RadixTabs.Content value={value} className="ui-tabs__panel" forceMount hidden={!chosen}>
      {chosen && children}
    </RadixTabs.Content>
  );
}
