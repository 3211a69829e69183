/**
 * A fixed window per client address: enough to stop a script from filling the LoginAttempt table
 * or hammering the provider, generous for people (every sign-in is two calls). Real time, not simulated.
 */
export function createLoginRateLimit(max = 120, windowMs = 60_000, now: () => number = Date.now) {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    /** Counts one call; false when the address is over its budget for the current window. */
    allow(address: string): boolean {
      const time = now();
      if (windows.size > 10_000) {
        for (const [key, entry] of windows) if (time - entry.start >= windowMs) windows.delete(key);
      }
      const entry = windows.get(address);
      if (!entry || time - entry.start >= windowMs) {
        windows.set(address, { start: time, count: 1 });
        return true;
      }
      entry.count += 1;
      return entry.count <= max;
    },
    /** Whole seconds until the address's window ends (at least 1): the answer's `Retry-After`. */
    retryAfterSeconds(address: string): number {
      const entry = windows.get(address);
      const left = entry ? entry.start + windowMs - now() : 0;
      return Math.max(1, Math.ceil(left / 1000));
    },
  };
}
