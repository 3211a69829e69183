// When SQLite's remembered reads ask again whether another connection committed (decision 0136).
// `PRAGMA data_version` opens a read transaction (shared-memory locks: system calls, 2–3 µs idle and more
// under load), and a request made that look once per remembered read: twice for the current user, once
// per account for the simulator's persona list. A look stays good until something may have committed
// that the next read must see:
// - a request arrives (plugins/request-world.ts): its reads see every write made before it, by this
//   process or any other, since every such write committed before the request was sent;
// - this process committed, or may have (db/statement-cache.ts for Prisma's statements, the write lane
//   after each group, the SQLite worker after each task): a request that writes and then reads sees its
//   own write.
// A write another process commits while a request is being served is concurrent with it: the request may
// see it or not, as with any database; the next request sees it.

let generation = 0;

/** Something may have committed, or a request arrived: the next remembered read looks again. */
export function lookAgain(): void {
  generation += 1;
}

/** Moves with every `lookAgain`: a look made at this generation is still good while it stays. */
export function lookGeneration(): number {
  return generation;
}
