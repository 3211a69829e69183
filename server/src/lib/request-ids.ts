import { randomBytes } from 'node:crypto';

/**
 * Request ids: a random prefix per server process and a counter, e.g. `r4f9c2a1b-1a`. They only have
 * to be unique (support finds a request in the log by its id; the call list keys calls by it), not
 * unguessable: nothing is authorised by a request id. `crypto.randomUUID` per request was ~2 % of a hot
 * read's CPU (decision 0034). The prefix keeps ids of two runs of the server apart in one log.
 */
export function createRequestIds(): () => string {
  const prefix = `r${randomBytes(4).toString('hex')}-`;
  let count = 0;
  return () => {
    count += 1;
    return prefix + count.toString(36);
  };
}
