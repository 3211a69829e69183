// Data collection is a series of periods (enabled at, disabled at). Exports cover exactly
// these periods, so they are normalised once here: clipped, sorted and merged.

export interface CollectionPeriod {
  from: Date;
  /** null while collection is still enabled. */
  to: Date | null;
}

/** A half-open interval [from, to) in epoch milliseconds. */
export interface TimeWindow {
  from: number;
  to: number;
}

/** Sorted, non-overlapping windows, open periods ending at `until`, nothing after `until`. */
export function normalisePeriods(periods: readonly CollectionPeriod[], until: Date): TimeWindow[] {
  const limit = until.getTime();
  const windows = periods
    .map((period) => ({ from: period.from.getTime(), to: Math.min(period.to?.getTime() ?? limit, limit) }))
    .filter((window) => Number.isFinite(window.from) && Number.isFinite(window.to) && window.to > window.from)
    .sort((a, b) => a.from - b.from);
  const merged: TimeWindow[] = [];
  for (const window of windows) {
    const last = merged[merged.length - 1];
    if (last && window.from <= last.to) last.to = Math.max(last.to, window.to);
    else merged.push({ ...window });
  }
  return merged;
}

export function windowsToIso(windows: readonly TimeWindow[]): { from: string; to: string }[] {
  return windows.map((window) => ({
    from: new Date(window.from).toISOString(),
    to: new Date(window.to).toISOString(),
  }));
}
