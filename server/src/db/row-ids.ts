// Ids of rows the server writes itself (db/row-writes.ts), in the shape Prisma's `@default(cuid())`
// gives: a `c`, the time in base 36, a counter and random characters, all lower case letters and
// digits (the decision call tells ids from upper-case access codes by that). Ids made one after another
// sort in the order they were made, as Prisma's do, so a list's tie on its date keeps that order.
import { randomBytes } from 'node:crypto';

const BASE = 36;
let counter = 0;

const pad = (value: string, length: number) => value.padStart(length, '0').slice(-length);

/** A new id: 25 characters, `c` then 8 of time, 4 of counter and 12 random ones. */
export function newRowId(): string {
  counter = (counter + 1) % BASE ** 4;
  const random = randomBytes(8).readBigUInt64BE().toString(BASE);
  return `c${pad(Date.now().toString(BASE), 8)}${pad(counter.toString(BASE), 4)}${pad(random, 12)}`;
}
