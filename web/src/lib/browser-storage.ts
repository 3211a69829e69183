/**
 * This browser's localStorage, read safely: null where there is none (the server's render of a
 * signed-in page, app/signed-in-render.tsx, draws what a first visit in a new browser would see).
 */
export function readStored(key: string): string | null {
  return typeof window === 'undefined' ? null : window.localStorage.getItem(key);
}

export function writeStored(key: string, value: string): void {
  if (typeof window !== 'undefined') window.localStorage.setItem(key, value);
}

export function removeStored(key: string): void {
  if (typeof window !== 'undefined') window.localStorage.removeItem(key);
}
