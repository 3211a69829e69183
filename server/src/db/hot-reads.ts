// Prepared better-sqlite3 statements beside Prisma, on the same SQLite file, for the reads every
// request makes (the caller's session), the hottest list (the owner's products) and the largest one
// (a company's connected users). The profile of
// `npm run bench` put about half the CPU of such a request in the Prisma client, its adapter and the
// statement it prepares per query; see docs/decisions/0018-hot-reads-beside-prisma.md.
// Read-only by construction: writes stay with Prisma. With WAL, every committed write is visible to
// the next read here; there is no cache.
import Database from 'better-sqlite3';
import { type ConnectedUserReads, createConnectedUserReads } from './connected-users.ts';

export interface SessionRow {
  id: string;
  lastSeenAt: string;
  expiresAt: string;
  idleExpiresAt: string;
  userId: string;
  email: string;
  role: string;
}

export interface ProductRow {
  id: string;
  ownerId: string;
  productType: string;
  externalId: string;
  model: string | null;
  brand: string | null;
  name: string | null;
  /** 1 when the product has an open collection period. */
  enabled: number;
}

const sql = {
  session: `SELECT s.id, s.lastSeenAt, s.expiresAt, s.idleExpiresAt, u.id AS userId, u.email, u.role
    FROM Session s JOIN User u ON u.id = s.userId WHERE s.id = ?`,
  ownProducts: `SELECT p.id, p.ownerId, p.productType, p.externalId, p.model, p.brand, p.name,
      EXISTS (SELECT 1 FROM CollectionPeriod c WHERE c.productId = p.id AND c.disabledAt IS NULL) AS enabled
    FROM Product p WHERE p.ownerId = ? ORDER BY p.createdAt, p.id`,
};

export interface HotReads {
  session(id: string): SessionRow | undefined;
  ownProducts(ownerId: string): ProductRow[];
  /** A company's connected users: page, count, search and the whole list (db/connected-users.ts). */
  connected: ConnectedUserReads;
  close(): void;
}

/** `file:./x.db?…` or a plain path → the path better-sqlite3 opens. */
export function databasePath(databaseUrl: string): string {
  return databaseUrl.replace(/^file:/, '').replace(/\?.*$/, '');
}

/** Opens lazily on first use, so a client that never serves requests never holds a second handle. */
export function createHotReads(databaseUrl: string): HotReads {
  let state:
    | {
        db: Database.Database;
        session: Database.Statement<[string], SessionRow>;
        ownProducts: Database.Statement<[string], ProductRow>;
      }
    | undefined;
  const open = () => {
    if (state) return state;
    const db = new Database(databasePath(databaseUrl), { fileMustExist: true });
    db.pragma('busy_timeout = 5000');
    state = {
      db,
      session: db.prepare<[string], SessionRow>(sql.session),
      ownProducts: db.prepare<[string], ProductRow>(sql.ownProducts),
    };
    return state;
  };
  const connected = createConnectedUserReads(() => open().db);
  return {
    connected,
    session: (id) => open().session.get(id),
    ownProducts: (ownerId) => open().ownProducts.all(ownerId),
    close() {
      connected.clear();
      state?.db.close();
      state = undefined;
    },
  };
}
