import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

export const SEARCH_DEBOUNCE_MS = 300;

/** The URL's search parameters with `name` set to `value`, or removed when it is blank. */
function withParam(current: URLSearchParams, name: string, value: string): URLSearchParams {
  const next = new URLSearchParams(current);
  if (value) next.set(name, value);
  else next.delete(name);
  return next;
}

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
      setParams((current) => withParam(current, name, trimmed), { replace: true });
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, q, name, setParams]);
  /** Empties the search at once (no pause): the list asks for everything again. */
  const clear = () => {
    setText('');
    setParams((current) => withParam(current, name, ''), { replace: true });
  };
  return { name, text, setText, q, clear };
}
