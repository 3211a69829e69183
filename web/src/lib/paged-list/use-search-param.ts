import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The list search kept in the URL (`?q=`): `text` follows every key stroke, `q` (what the list
 * asks the server for) follows it after a pause, and is what a reload or a shared link restores.
 */
export function useSearchParam(name = 'q') {
  const [params, setParams] = useSearchParams();
  const q = params.get(name) ?? '';
  const [text, setText] = useState(q);
  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed === q) return;
    const timer = window.setTimeout(() => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (trimmed) next.set(name, trimmed);
          else next.delete(name);
          return next;
        },
        { replace: true },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, q, name, setParams]);
  return { text, setText, q };
}
