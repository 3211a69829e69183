import type { ContractDocument } from '@portal/contract/document';

// The statuses an object may pass through, as the contract says: a status schema's `x-transitions`
// (status → the statuses it may move to). A lifecycle accepts any path the contract allows, skipped
// steps included (a quick back end may answer COMPLETED at once), and fails on a move it does not
// allow (COMPLETED back to RUNNING) or on an end other than the one it waits for.

export interface Progression {
  /** Why moving from `from` (undefined: first sight) to `to` breaks the contract, or undefined. */
  step(from: string | undefined, to: string): string | undefined;
  /** The status a lifecycle waits for. */
  isDone(status: string): boolean;
  /** A status nothing follows. */
  isFinal(status: string): boolean;
}

export function progressionOf(document: ContractDocument, schema: string, done: string): Progression {
  const node = (document.components?.schemas as Record<string, Record<string, unknown>> | undefined)?.[
    schema
  ];
  const statuses = (node?.enum as string[] | undefined) ?? [];
  const transitions = node?.['x-transitions'] as Record<string, string[]> | undefined;
  const reachable = (from: string): Set<string> => {
    const found = new Set<string>();
    const queue = [...(transitions?.[from] ?? [])];
    while (queue.length > 0) {
      const next = queue.shift() as string;
      if (found.has(next)) continue;
      found.add(next);
      queue.push(...(transitions?.[next] ?? []));
    }
    return found;
  };
  const targets = new Set(Object.values(transitions ?? {}).flat());
  const starts = statuses.filter((status) => !targets.has(status));
  return {
    step(from, to) {
      if (!statuses.includes(to)) return `status ${to} is not one of ${statuses.join(', ')}`;
      if (!transitions) return undefined;
      if (from === undefined) {
        const first = starts.some((start) => start === to || reachable(start).has(to));
        return first ? undefined : `a new one cannot be ${to}`;
      }
      return from === to || reachable(from).has(to) ? undefined : `moved from ${from} to ${to}`;
    },
    isDone: (status) => status === done,
    isFinal: (status) => transitions !== undefined && (transitions[status] ?? []).length === 0,
  };
}

/** A download job: CREATED, RUNNING, then COMPLETED or FAILED (the contract's `DownloadJobStatus`). */
export const jobProgression = (document: ContractDocument) =>
  progressionOf(document, 'DownloadJobStatus', 'COMPLETED');
