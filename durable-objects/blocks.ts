// Blocks between connected members, stored as unordered pairs (`hidden_pairs`): the two sides of a block do not
// see each other in the online list and cannot ask each other for a chat, whichever of them blocked. The
// Worker sends a member's pairs with every connection; a block made meanwhile arrives over RPC.
export class Blocks {
  private readonly sql: SqlStorage;

  constructor(sql: SqlStorage) {
    this.sql = sql;
  }

  /**
   * The pairs of a member who connects, as the database has them now. Answers the members whose pair with this
   * one changed (a block made or lifted while the hub did not hear of it), each with whether they are now hidden.
   */
  replaceFor(userId: number, hiddenIds: number[]): { otherId: number; hidden: boolean }[] {
    const before = this.hiddenFrom(userId);
    const after = new Set(hiddenIds.filter((otherId) => otherId !== userId));
    const changes = [
      ...[...after].filter((otherId) => !before.has(otherId)).map((otherId) => ({ otherId, hidden: true })),
      ...[...before].filter((otherId) => !after.has(otherId)).map((otherId) => ({ otherId, hidden: false })),
    ];
    // Most connections change nothing here, and then write nothing.
    for (const { otherId, hidden } of changes) {
      if (hidden) this.hide(userId, otherId);
      else this.unhide(userId, otherId);
    }
    return changes;
  }

  hide(a: number, b: number) {
    this.sql.exec('INSERT OR IGNORE INTO hidden_pairs VALUES (?, ?)', Math.min(a, b), Math.max(a, b));
  }

  unhide(a: number, b: number) {
    this.sql.exec('DELETE FROM hidden_pairs WHERE low = ? AND high = ?', Math.min(a, b), Math.max(a, b));
  }

  isHidden(a: number, b: number): boolean {
    return (
      this.sql.exec('SELECT 1 FROM hidden_pairs WHERE low = ? AND high = ?', Math.min(a, b), Math.max(a, b)).toArray()
        .length > 0
    );
  }

  /** For each connected member with blocks, everyone on the other side of them. */
  byMember(): Map<number, Set<number>> {
    const hiddenBy = new Map<number, Set<number>>();
    const add = (from: number, to: number) => hiddenBy.set(from, (hiddenBy.get(from) ?? new Set()).add(to));
    for (const { low, high } of this.sql.exec<{ low: number; high: number }>('SELECT low, high FROM hidden_pairs')) {
      add(low, high);
      add(high, low);
    }
    return hiddenBy;
  }

  /** The members on the other side of this member's blocks. */
  hiddenFrom(userId: number): Set<number> {
    const rows = this.sql.exec<{ other: number }>(
      'SELECT CASE WHEN low = ? THEN high ELSE low END AS other FROM hidden_pairs WHERE low = ? OR high = ?',
      userId,
      userId,
      userId,
    );
    return new Set([...rows].map((row) => row.other));
  }
}
