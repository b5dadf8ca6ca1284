// What must survive the hub sleeping lives in its SQLite storage, and a deployed hub keeps that storage across
// deploys. The schema therefore carries a version in `meta` (key `schema_version`): when the object wakes it
// reads the version, applies the migrations after it in order, in one transaction, and writes the new version.
// Each concern's queries live with the concern (requests.ts, sessions.ts, presence.ts, blocks.ts).

/** MIGRATIONS[n] takes the schema from version n to version n + 1. */
const MIGRATIONS: readonly string[] = [
  `CREATE TABLE requests (
     id TEXT PRIMARY KEY, requester_id INTEGER NOT NULL, recipient_id INTEGER NOT NULL,
     requester_name TEXT NOT NULL, recipient_name TEXT NOT NULL, expires_at INTEGER NOT NULL,
     status TEXT NOT NULL, forget_at INTEGER NOT NULL);
   CREATE INDEX requests_requester ON requests (requester_id, status);
   CREATE INDEX requests_recipient ON requests (recipient_id, status);
   CREATE TABLE sessions (
     id TEXT PRIMARY KEY, participant1_id INTEGER NOT NULL, participant1_name TEXT NOT NULL,
     participant2_id INTEGER NOT NULL, participant2_name TEXT NOT NULL, started_at INTEGER NOT NULL);
   CREATE INDEX sessions_p1 ON sessions (participant1_id);
   CREATE INDEX sessions_p2 ON sessions (participant2_id);
   CREATE TABLE hidden_pairs (low INTEGER NOT NULL, high INTEGER NOT NULL, PRIMARY KEY (low, high));
   CREATE TABLE meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
   CREATE TABLE away (
     user_id INTEGER PRIMARY KEY, member TEXT NOT NULL, until INTEGER NOT NULL, session_id TEXT NOT NULL);
   CREATE TABLE invisible (user_id INTEGER PRIMARY KEY);`,
  // Presence deltas: the online list as last broadcast, which every delta socket holds, so that the next broadcast
  // can send only what changed, also after the object wakes. Sessions in objects of their own: the sessions whose
  // object has still to hear that they ended (retried by the alarm).
  `CREATE TABLE published (user_id INTEGER PRIMARY KEY, user TEXT NOT NULL);
   CREATE TABLE session_endings (session_id TEXT PRIMARY KEY, retry_at INTEGER NOT NULL);`,
  // Members whose socket was closed for flooding, refused new sockets until then (socket-policy.ts).
  `CREATE TABLE flooded (user_id INTEGER PRIMARY KEY, until INTEGER NOT NULL);`,
  // What the hub looks up on every connection and every alarm finds its rows through an index instead of reading the
  // whole table: a member's blocks from either side of a pair, the next request deadline, the requests due to expire
  // or to be forgotten.
  `CREATE INDEX hidden_pairs_high ON hidden_pairs (high);
   CREATE INDEX requests_due ON requests (status, expires_at);
   CREATE INDEX requests_forget ON requests (forget_at);`,
];

export const HUB_SCHEMA_VERSION = MIGRATIONS.length;

/** The version the storage holds (0 when it is empty), or null when its tables were written without one. */
function storedVersion(sql: SqlStorage): number | null {
  const hasMeta = sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'").toArray().length > 0;
  if (!hasMeta) return 0;
  return sql.exec<{ value: number }>("SELECT value FROM meta WHERE key = 'schema_version'").toArray()[0]?.value ?? null;
}

/** Brings the storage to HUB_SCHEMA_VERSION. A storage already newer (a rolled-back deploy) is left as it is. */
export function migrateHubStorage(storage: DurableObjectStorage) {
  storage.transactionSync(() => {
    const stored = storedVersion(storage.sql);
    // Hubs created before the schema had a version wrote every table of version 1 at each start, but no version.
    const version = stored ?? 1;
    for (const migration of MIGRATIONS.slice(version)) storage.sql.exec(migration);
    if (stored === null || version < HUB_SCHEMA_VERSION)
      storage.sql.exec("INSERT OR REPLACE INTO meta VALUES ('schema_version', ?)", HUB_SCHEMA_VERSION);
  });
}
