// Who is online. Presence is rebuilt from the open sockets, whose member rides in the socket's attachment, plus
// the members away: a member whose last socket drops (a reload, a lost network) is away, not gone, for
// CHAT_RECONNECT_GRACE_MS and stays listed meanwhile (`away`, ended by the alarm). Members who chose not to be
// listed (`invisible`) are left out of every list.
//
// Broadcasts send only what changed since the last one (ADR 005). The list as last broadcast is kept
// (`published`); a broadcast compares the list now with it and, when they differ, sends the members who joined
// and the ids of those who left to every socket that joined with `presence: 'delta'`, and the whole list to the
// others that joined (the spec's frame; a socket hears presence from its `join` on). Nothing changed, nothing sent: a member's own sockets coming and going, or a member
// back within their grace period, cost nobody a frame. Broadcasts are still coalesced, one at most per interval,
// the next one due kept in `meta` for the alarm; the interval follows what the last broadcast cost.
import { CHAT_RECONNECT_GRACE_MS } from '../common/limits.ts';
import { sortOnline, type OnlineUser, type PresenceMode, type ServerFrame } from '../common/chat-protocol.ts';
import type { Blocks } from './blocks.ts';
import type { ChatMember, HubSockets, SocketAttachment, SocketTarget } from './hub-sockets.ts';

/**
 * Presence is broadcast at most this often; changes in between are coalesced by the alarm. A whole list costs
 * each socket n entries, a change a few: the interval grows with the sockets that take whole lists (0.5 s up to
 * 100, 2.5 s at 500, at most 5 s) and less with delta sockets (0.5 s up to 1,000, 1 s at 2,000), so that
 * broadcasts take at most about a tenth of the hub's time (bench:chat measured one change at 2,000 online at
 * about 0.15 s of CPU as changes, 2.7 s as whole lists).
 */
function presenceInterval(cost: BroadcastCost): number {
  return Math.min(5000, Math.max(500, cost.full * 5 + cost.delta / 2));
}

/** How many sockets took the whole list and how many a change, at the last broadcast. */
interface BroadcastCost {
  full: number;
  delta: number;
}

/** The online list, computed once per presence change; `entries` holds each member's entry as JSON, to compare. */
interface OnlineList {
  users: OnlineUser[];
  entries: Map<number, string>;
  frame: string;
}

function changeFrame(joined: OnlineUser[], left: number[]): string {
  return JSON.stringify({ type: 'online-users-changed', joined, left } satisfies ServerFrame);
}

export class Presence {
  private readonly sql: SqlStorage;
  private readonly sockets: HubSockets;
  private readonly blocks: Blocks;
  private readonly scheduleAlarm: () => Promise<void>;
  private onlineCache: OnlineList | null = null;
  /** The `published` table in memory, read on first use after waking. */
  private publishedCache: Map<number, string> | null = null;
  /** Unknown after waking: then every socket counts as taking the whole list. */
  private lastCost: BroadcastCost | null = null;
  private lastPresenceAt = 0;

  constructor(sql: SqlStorage, sockets: HubSockets, blocks: Blocks, scheduleAlarm: () => Promise<void>) {
    this.sql = sql;
    this.sockets = sockets;
    this.blocks = blocks;
    this.scheduleAlarm = scheduleAlarm;
  }

  // The list ---------------------------------------------------------------------------------------------

  /**
   * Broadcasts presence now, or schedules it when the last broadcast was less than the interval ago (a
   * broadcast already due keeps its time).
   */
  async changed() {
    this.onlineCache = null;
    const interval = presenceInterval(this.lastCost ?? { full: this.sockets.all().length, delta: 0 });
    const due = Math.min(this.meta('presence_due') ?? Infinity, this.lastPresenceAt + interval);
    if (due <= Date.now()) {
      this.broadcast();
    } else {
      this.setMeta('presence_due', due);
      await this.scheduleAlarm();
    }
  }

  /** The broadcast the alarm owes, if its time has come. */
  broadcastIfDue(now: number) {
    const presenceDue = this.meta('presence_due');
    if (presenceDue !== null && presenceDue <= now) this.broadcast();
  }

  /**
   * Answers a `join`: the whole list as this member may see it (without the members on the other side of their
   * blocks), and from now on presence as the socket asked for it.
   */
  join(ws: WebSocket, member: SocketAttachment, mode: PresenceMode) {
    this.sendWhole(ws, this.online(), this.blocks.hiddenFrom(member.id));
    // A list sent while a change waits to be broadcast is newer than the published one: the next broadcast
    // sends this socket the whole list again rather than a change it may already hold.
    let fullAt: number | undefined;
    if (mode === 'delta' && this.meta('presence_due') !== null) {
      fullAt = (this.meta('presence_seq') ?? 0) + 1;
      this.setMeta('fresh_at', fullAt);
    }
    if (member.presence !== mode || member.fullAt !== fullAt)
      this.sockets.attach(ws, { ...member, presence: mode, fullAt });
  }

  /**
   * Two members now hide from each other (a block) or no longer do: each of their sockets hears the other leave
   * or join at once, as the published list has them. Nobody else's list changes.
   */
  pairChanged(a: number, b: number, hidden: boolean) {
    const published = this.published();
    for (const [self, other] of [
      [a, b],
      [b, a],
    ] as const) {
      const entry = published.get(other);
      for (const ws of this.sockets.open(self)) {
        const attachment = this.sockets.attachmentOf(ws);
        if (!attachment?.presence) continue;
        if (attachment.presence === 'full') this.sendWhole(ws, this.online(), this.blocks.hiddenFrom(self));
        else if (entry && hidden) this.sockets.sendRaw(ws, changeFrame([], [other]));
        else if (entry) this.sockets.sendRaw(ws, changeFrame([JSON.parse(entry) as OnlineUser], []));
      }
    }
  }

  /**
   * Sends what changed since the last broadcast: a change to delta sockets, the whole list to the others; a
   * member with blocks gets either without the members on the other side of them. Nothing when nothing
   * changed, unless a delta socket joined meanwhile and is owed the whole list.
   */
  private broadcast() {
    this.lastPresenceAt = Date.now();
    this.sql.exec("DELETE FROM meta WHERE key = 'presence_due'");
    const online = this.online();
    const published = this.published();
    const joined = online.users.filter((user) => published.get(user.id) !== online.entries.get(user.id));
    const left = [...published.keys()].filter((userId) => !online.entries.has(userId));
    const seq = (this.meta('presence_seq') ?? 0) + 1;
    const owedWhole = this.meta('fresh_at') === seq;
    const changed = joined.length > 0 || left.length > 0;
    if (!changed && !owedWhole) return;
    this.setMeta('presence_seq', seq);
    this.sql.exec("DELETE FROM meta WHERE key = 'fresh_at'");
    for (const userId of left) {
      this.sql.exec('DELETE FROM published WHERE user_id = ?', userId);
      published.delete(userId);
    }
    for (const user of joined) {
      const entry = online.entries.get(user.id)!;
      this.sql.exec('INSERT OR REPLACE INTO published VALUES (?, ?)', user.id, entry);
      published.set(user.id, entry);
    }

    const change = changed ? changeFrame(joined, left) : null;
    const hiddenBy = this.blocks.byMember();
    const cost: BroadcastCost = { full: 0, delta: 0 };
    const frames: [WebSocket, string][] = [];
    for (const ws of this.sockets.all()) {
      const member = this.sockets.attachmentOf(ws);
      if (!member) continue;
      const hidden = hiddenBy.get(member.id);
      // A socket hears presence from its `join` on; that answer has the whole list.
      if (!member.presence) continue;
      if (member.presence === 'full') {
        cost.full += 1;
        if (changed) frames.push([ws, this.wholeFrame(online, hidden)]);
      } else {
        cost.delta += 1;
        if (member.fullAt === seq) frames.push([ws, this.wholeFrame(online, hidden)]);
        else if (change && !hidden) frames.push([ws, change]);
        else if (change && hidden) {
          const theirs = {
            joined: joined.filter((user) => !hidden.has(user.id)),
            left: left.filter((userId) => !hidden.has(userId)),
          };
          if (theirs.joined.length > 0 || theirs.left.length > 0)
            frames.push([ws, changeFrame(theirs.joined, theirs.left)]);
        }
      }
    }
    this.sockets.sendSpread(frames);
    this.lastCost = cost;
  }

  private sendWhole(ws: WebSocket, online: OnlineList, hidden: Set<number> | undefined) {
    this.sockets.sendRaw(ws, this.wholeFrame(online, hidden));
  }

  /** The whole list as a member may see it: without the members on the other side of their blocks. */
  private wholeFrame(online: OnlineList, hidden: Set<number> | undefined): string {
    if (!hidden || hidden.size === 0) return online.frame;
    return JSON.stringify({
      type: 'online-users-updated',
      users: online.users.filter((user) => !hidden.has(user.id)),
    } satisfies ServerFrame);
  }

  /**
   * Everyone online (connected, or away within their grace period) except those who chose not to be listed,
   * sorted by name, and the frame that carries them; rebuilt only after presence changed.
   */
  private online(): OnlineList {
    if (this.onlineCache) return this.onlineCache;
    const invisible = new Set(
      this.sql
        .exec<{ user_id: number }>('SELECT user_id FROM invisible')
        .toArray()
        .map((row) => row.user_id),
    );
    const byId = new Map<number, OnlineUser>();
    const add = (member: ChatMember | null) => {
      if (member && !byId.has(member.id) && !invisible.has(member.id))
        byId.set(member.id, { id: member.id, name: member.name, role: member.role, memberNumber: member.memberNumber });
    };
    for (const ws of this.sockets.all()) if (ws.readyState === WebSocket.OPEN) add(this.sockets.attachmentOf(ws));
    for (const { member } of this.sql.exec<{ member: string }>('SELECT member FROM away'))
      add(JSON.parse(member) as ChatMember);
    const users = sortOnline([...byId.values()]);
    const entries = new Map(users.map((user) => [user.id, JSON.stringify(user)]));
    this.onlineCache = {
      users,
      entries,
      frame: JSON.stringify({ type: 'online-users-updated', users } satisfies ServerFrame),
    };
    return this.onlineCache;
  }

  /** The list as last broadcast: member id to their entry as JSON. */
  private published(): Map<number, string> {
    this.publishedCache ??= new Map(
      this.sql
        .exec<{ user_id: number; user: string }>('SELECT user_id, user FROM published')
        .toArray()
        .map((row) => [row.user_id, row.user]),
    );
    return this.publishedCache;
  }

  private meta(key: string): number | null {
    return this.sql.exec<{ value: number }>('SELECT value FROM meta WHERE key = ?', key).toArray()[0]?.value ?? null;
  }

  private setMeta(key: string, value: number) {
    this.sql.exec('INSERT OR REPLACE INTO meta VALUES (?, ?)', key, value);
  }

  // Members ----------------------------------------------------------------------------------------------

  /** A member connected or away within their grace period. */
  member(userId: number): ChatMember | undefined {
    const socket = this.sockets.open(userId)[0];
    const connected = socket && this.sockets.attachmentOf(socket);
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
    const visibilityChanged = this.isInvisible(userId) !== invisible;
    if (visibilityChanged) this.storeInvisible(userId, invisible);
    return { returned: this.back(userId), visibilityChanged };
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
    return (
      this.sql.exec<{ until: number }>('SELECT until FROM away WHERE user_id = ?', userId).toArray()[0]?.until ?? null
    );
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
    const rows = target.sessionId
      ? this.sql.exec<{ user_id: number }>('SELECT user_id FROM away WHERE session_id = ?', target.sessionId).toArray()
      : this.sql.exec<{ user_id: number }>('SELECT user_id FROM away WHERE user_id = ?', target.userId).toArray();
    return rows.map((row) => row.user_id);
  }

  /** The members whose grace period is over by `now`. */
  graceOver(now: number): number[] {
    return this.sql
      .exec<{ user_id: number }>('SELECT user_id FROM away WHERE until <= ?', now)
      .toArray()
      .map((row) => row.user_id);
  }

  /** The record of a member away carries their new premium time, as their sockets do. */
  updatePremium(userId: number, premiumUntil: number | null) {
    this.sql.exec(
      "UPDATE away SET member = json_set(member, '$.premiumUntil', ?) WHERE user_id = ?",
      premiumUntil,
      userId,
    );
  }

  /** The earliest end of a grace period or coalesced broadcast, for the alarm. */
  nextDeadline(): number | null {
    return this.sql
      .exec<{ next: number | null }>(
        "SELECT min(deadline) AS next FROM (SELECT min(until) AS deadline FROM away UNION ALL SELECT value FROM meta WHERE key = 'presence_due')",
      )
      .one().next;
  }
}
