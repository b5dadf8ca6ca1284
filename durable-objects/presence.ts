// Who is online. Presence is rebuilt from the open sockets, whose member rides in the socket's attachment, plus
// the members away: a member whose last socket drops (a reload, a lost network) is away, not gone, for
// CHAT_RECONNECT_GRACE_MS and stays listed meanwhile (`away`, ended by the alarm). Members who chose not to be
// listed (`invisible`) are left out of every list. The list goes to everyone whole, so broadcasts are
// coalesced: one at most per interval, the next one due kept in `meta` for the alarm (ADR 005).
import { CHAT_RECONNECT_GRACE_MS } from '../common/limits.ts';
import type { OnlineUser, ServerFrame } from '../common/chat-protocol.ts';
import type { Blocks } from './blocks.ts';
import type { ChatMember, HubSockets, SocketAttachment, SocketTarget } from './hub-sockets.ts';

/**
 * Presence is broadcast at most this often; changes in between are coalesced by the alarm. Each broadcast is
 * the whole list to every socket (n² entries), so the interval grows with the number online: 0.5 s up to 100
 * members, 2.5 s at 500, at most 5 s (bench:chat measured 260 ms of CPU per broadcast at 500 online).
 */
function presenceInterval(online: number): number {
  return Math.min(5000, Math.max(500, online * 5));
}

export class Presence {
  private readonly sql: SqlStorage;
  private readonly sockets: HubSockets;
  private readonly blocks: Blocks;
  private readonly scheduleAlarm: () => Promise<void>;
  /** The online list, computed once per presence change rather than per `join` or broadcast. */
  private onlineCache: { users: OnlineUser[]; frame: string } | null = null;
  private lastPresenceAt = 0;

  constructor(sql: SqlStorage, sockets: HubSockets, blocks: Blocks, scheduleAlarm: () => Promise<void>) {
    this.sql = sql;
    this.sockets = sockets;
    this.blocks = blocks;
    this.scheduleAlarm = scheduleAlarm;
  }

  // The list ---------------------------------------------------------------------------------------------

  /** Broadcasts presence now, or schedules it when the last broadcast was less than the interval ago. */
  async changed() {
    this.onlineCache = null;
    const now = Date.now();
    const interval = presenceInterval(this.sockets.all().length);
    if (now - this.lastPresenceAt >= interval) {
      this.broadcast();
    } else {
      this.sql.exec("INSERT OR REPLACE INTO meta VALUES ('presence_due', ?)", this.lastPresenceAt + interval);
      await this.scheduleAlarm();
    }
  }

  /** The broadcast the alarm owes, if its time has come. */
  broadcastIfDue(now: number) {
    const presenceDue = this.sql.exec<{ value: number }>("SELECT value FROM meta WHERE key = 'presence_due'").toArray()[0];
    if (presenceDue && presenceDue.value <= now) this.broadcast();
  }

  forgetList() {
    this.onlineCache = null;
  }

  /** The list as this member may see it: without the members on the other side of their blocks. */
  sendList(ws: WebSocket, userId: number) {
    const online = this.online();
    const hidden = this.blocks.hiddenFrom(userId);
    if (hidden.size === 0) this.sockets.sendRaw(ws, online.frame);
    else this.sockets.send(ws, { type: 'online-users-updated', users: online.users.filter((user) => !hidden.has(user.id)) });
  }

  /** One list for everyone; a member with blocks gets the list without the members on the other side of them. */
  private broadcast() {
    this.lastPresenceAt = Date.now();
    this.sql.exec("DELETE FROM meta WHERE key = 'presence_due'");
    const { users, frame: shared } = this.online();
    const hiddenBy = this.blocks.byMember();
    for (const ws of this.sockets.all()) {
      const member = ws.deserializeAttachment() as ChatMember | null;
      const hidden = member && hiddenBy.get(member.id);
      if (!hidden) this.sockets.sendRaw(ws, shared);
      else this.sockets.send(ws, { type: 'online-users-updated', users: users.filter((user) => !hidden.has(user.id)) });
    }
  }

  /**
   * Everyone online (connected, or away within their grace period) except those who chose not to be listed,
   * sorted by name, and the frame that carries them; rebuilt only after presence changed.
   */
  private online(): { users: OnlineUser[]; frame: string } {
    if (this.onlineCache) return this.onlineCache;
    const invisible = new Set(this.sql.exec<{ user_id: number }>('SELECT user_id FROM invisible').toArray().map((row) => row.user_id));
    const byId = new Map<number, OnlineUser>();
    const add = (member: ChatMember | null) => {
      if (member && !byId.has(member.id) && !invisible.has(member.id))
        byId.set(member.id, { id: member.id, name: member.name, role: member.role, memberNumber: member.memberNumber });
    };
    for (const ws of this.sockets.all()) if (ws.readyState === WebSocket.OPEN) add(ws.deserializeAttachment() as ChatMember | null);
    for (const { member } of this.sql.exec<{ member: string }>('SELECT member FROM away')) add(JSON.parse(member) as ChatMember);
    const users = [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
    this.onlineCache = { users, frame: JSON.stringify({ type: 'online-users-updated', users } satisfies ServerFrame) };
    return this.onlineCache;
  }

  // Members ----------------------------------------------------------------------------------------------

  /** A member connected or away within their grace period. */
  member(userId: number): ChatMember | undefined {
    const connected = this.sockets.open(userId)[0]?.deserializeAttachment() as ChatMember | undefined;
    if (connected) return connected;
    const away = this.sql.exec<{ member: string }>('SELECT member FROM away WHERE user_id = ?', userId).toArray()[0];
    return away ? (JSON.parse(away.member) as ChatMember) : undefined;
  }

  isInvisible(userId: number): boolean {
    return this.sql.exec('SELECT 1 FROM invisible WHERE user_id = ?', userId).toArray().length > 0;
  }

  /**
   * A socket of this member is being accepted: it brings their visibility setting, and ends their grace period
   * if they were away. Answers whether they were away and whether their visibility changed.
   */
  connecting(userId: number, invisible: boolean): { returned: boolean; visibilityChanged: boolean } {
    const wasInvisible = this.isInvisible(userId);
    this.storeInvisible(userId, invisible);
    return { returned: this.back(userId), visibilityChanged: wasInvisible !== invisible };
  }

  /**
   * The member's "hide me from the online list" setting changed (it is stored in the database; each connection
   * brings it along). Applied at once to a member who is online; otherwise their next connection brings it.
   */
  async setInvisible(userId: number, invisible: boolean) {
    if (this.sockets.open(userId).length === 0 && this.awayUntil(userId) === null) return;
    if (this.isInvisible(userId) === invisible) return;
    this.storeInvisible(userId, invisible);
    await this.changed();
  }

  private storeInvisible(userId: number, invisible: boolean) {
    if (invisible) this.sql.exec('INSERT OR IGNORE INTO invisible VALUES (?)', userId);
    else this.sql.exec('DELETE FROM invisible WHERE user_id = ?', userId);
  }

  /** A member is gone (grace over, or their session ended): nothing of them stays. */
  memberLeft(userId: number) {
    this.sql.exec('DELETE FROM away WHERE user_id = ?', userId);
    this.sql.exec('DELETE FROM invisible WHERE user_id = ?', userId);
  }

  // Away -------------------------------------------------------------------------------------------------

  /** When an away member's grace period ends, or null when they are not away. */
  awayUntil(userId: number): number | null {
    return this.sql.exec<{ until: number }>('SELECT until FROM away WHERE user_id = ?', userId).toArray()[0]?.until ?? null;
  }

  /** The member's last socket closed: they are away until the returned time. */
  goAway(member: SocketAttachment): number {
    const { id, name, role, memberNumber, premiumUntil } = member;
    const until = Date.now() + CHAT_RECONNECT_GRACE_MS;
    this.sql.exec(
      'INSERT OR REPLACE INTO away VALUES (?, ?, ?, ?)',
      id,
      JSON.stringify({ id, name, role, memberNumber, premiumUntil } satisfies ChatMember),
      until,
      member.sessionId,
    );
    return until;
  }

  /** Ends the member's grace period because they have a socket again; true when they were away. */
  back(userId: number): boolean {
    return this.sql.exec('DELETE FROM away WHERE user_id = ? RETURNING user_id', userId).toArray().length > 0;
  }

  /** The members away with that session (sign-out) or that member (ban). */
  awayWith(target: SocketTarget): number[] {
    const rows =
      'sessionId' in target
        ? this.sql.exec<{ user_id: number }>('SELECT user_id FROM away WHERE session_id = ?', target.sessionId).toArray()
        : this.sql.exec<{ user_id: number }>('SELECT user_id FROM away WHERE user_id = ?', target.userId).toArray();
    return rows.map((row) => row.user_id);
  }

  /** The members whose grace period is over by `now`. */
  graceOver(now: number): number[] {
    return this.sql.exec<{ user_id: number }>('SELECT user_id FROM away WHERE until <= ?', now).toArray().map((row) => row.user_id);
  }

  /** The record of a member away carries their new premium time, as their sockets do. */
  updatePremium(userId: number, premiumUntil: number | null) {
    this.sql.exec("UPDATE away SET member = json_set(member, '$.premiumUntil', ?) WHERE user_id = ?", premiumUntil, userId);
  }

  /** The earliest end of a grace period or coalesced broadcast, for the alarm. */
  nextDeadline(): number | null {
    return this.sql
      .exec<{ next: number | null }>("SELECT min(deadline) AS next FROM (SELECT min(until) AS deadline FROM away UNION ALL SELECT value FROM meta WHERE key = 'presence_due')")
      .one().next;
  }
}
