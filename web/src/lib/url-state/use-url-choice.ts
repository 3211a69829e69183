import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * A page's choice among `values` kept in the URL (`?name=value`, lower case; the first value, the
 * default, is left out): Back, a reload and a shared link restore it, like the search (`?q=`).
 * `choose` replaces the history entry (choosing a tab or a filter is not a page of its own) and can
 * drop other parameters in the same step (a tab's search means nothing in another tab).
 */
export function useUrlChoice<T extends string>(
  name: string,
  values: readonly [T, ...T[]],
): [T, (value: T, options?: { drop?: readonly string[] }) => void] {
  const [params, setParams] = useSearchParams();
  const fallback = values[0];
  const written = params.get(name)?.toLowerCase();
  const value = values.find((candidate) => candidate.toLowerCase() === written) ?? fallback;
  const choose = useCallback(
    (next: T, options: { drop?: readonly string[] } = {}) => {
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next === fallback) updated.delete(name);
          else updated.set(name, next.toLowerCase());
          for (const dropped of options.drop ?? []) updated.delete(dropped);
          return updated;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [name, fallback, setParams],
  );
  return [value, choose];
}
