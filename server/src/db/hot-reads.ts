// Prepared better-sqlite3 statements beside Prisma, on the same SQLite file, for the reads every
// request makes (the caller's session) and the hottest list (the owner's products). The profile of
// `npm run bench` put about half the CPU of such a request in the Prisma client, its adapter and the
// statement it prepares per query; see docs/decisions/0018-hot-reads-beside-prisma.md.
// Read-only by construction: writes stay with Prisma. With WAL, every committed write is visible to
// the next read here; there is no cache.
import Database from 'better-sqlite3';

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

export interface ConnectedRow {
  invitationId: string;
  fullName: string;
  email: string;
  /** When the company claimed the code (stored text). */
  claimedAt: string | null;
  createdAt: string;
  status: string;
}

const sql = {
  // The whole list of a company's connected users, streamed (the Invitation_agentId_claimedAt_id index).
  connectedUsers: `SELECT i.id AS invitationId, u.fullName, u.email, i.claimedAt, i.createdAt, i.status
    FROM Invitation i JOIN User u ON u.id = i.ownerId
    WHERE i.agentId = ? AND i.status IN (SELECT value FROM json_each(?))
    ORDER BY i.claimedAt DESC, i.id DESC`,
  session: `SELECT s.id, s.lastSeenAt, s.expiresAt, s.idleExpiresAt, u.id AS userId, u.email, u.role
    FROM Session s JOIN User u ON u.id = s.userId WHERE s.id = ?`,
  ownProducts: `SELECT p.id, p.ownerId, p.productType, p.externalId, p.model, p.brand, p.name,
      EXISTS (SELECT 1 FROM CollectionPeriod c WHERE c.productId = p.id AND c.disabledAt IS NULL) AS enabled
    FROM Product p WHERE p.ownerId = ? ORDER BY p.createdAt, p.id`,
};

export interface HotReads {
  session(id: string): SessionRow | undefined;
  ownProducts(ownerId: string): ProductRow[];
  /** Row by row, newest claim first: nothing of the whole list is held in memory at once. */
  connectedUsers(agentId: string, statuses: readonly string[]): IterableIterator<ConnectedRow>;
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
        connectedUsers: Database.Statement<[string, string], ConnectedRow>;
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
      connectedUsers: db.prepare<[string, string], ConnectedRow>(sql.connectedUsers),
    };
    return state;
  };
  return {
    session: (id) => open().session.get(id),
    ownProducts: (ownerId) => open().ownProducts.all(ownerId),
    connectedUsers: (agentId, statuses) => open().connectedUsers.iterate(agentId, JSON.stringify(statuses)),
    close() {
      state?.db.close();
      state = undefined;
    },
  };
}
