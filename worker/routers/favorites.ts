// Favourites lists (spec, "What the product does and for whom"): a member saves spas and therapists to named lists.
// Lists are private: every statement names the signed-in member as owner, so another member's list is simply
// "not found". The default list ("Favorites") is created the first time it is needed; it can be renamed but not
// deleted. A read costs one round trip (it rides with the session lookup), a write two (the session, then one batch
// whose last statement tells why nothing changed when nothing did).
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import {
  createListInput,
  DEFAULT_FAVORITE_LIST_NAME,
  FAVORITE_LIST_ITEMS_MAX,
  FAVORITE_LISTS_MAX,
  FAVORITES_TEXTS,
  listInput,
  removeInput,
  renameListInput,
  SAVEABLE_ROLES,
  saveInput,
  targetInput,
  type FavoriteList,
} from '../../common/favorites.ts';
import {
  favoriteListChoiceSchema,
  favoriteListDeletedSchema,
  favoriteListRenamedSchema,
  favoriteListSchema,
  favoriteRemovedSchema,
  favoriteSavedSchema,
} from '../../common/favorites-output.ts';
import * as z from '../../common/zod.ts';
import { nameKey } from '../../common/names.ts';
import { favoriteListItems, favoriteLists, users } from '../../db/schema.ts';
import type { Database } from '../db.ts';
import { notBanned } from '../services/member-sql.ts';
import { sessionMemberId } from '../services/sessions.ts';
import { memberReadProcedure, readAsMember, router, signedInProcedure } from '../trpc.ts';
import { badRequest, conflict, notFound } from '../errors.ts';

const DEFAULT_KEY = nameKey(DEFAULT_FAVORITE_LIST_NAME);
const saveableRoles = sql.join(
  SAVEABLE_ROLES.map((role) => sql`${role}`),
  sql`, `,
);

type MemberId = number | SQL<number>;

/** Every list of the member with what is in it, newest saves first; one row per list member (or empty list). */
function listRows(db: Database, me: MemberId) {
  return (
    db
      .select({
        listId: favoriteLists.id,
        listName: favoriteLists.name,
        isDefault: favoriteLists.isDefault,
        listCreatedAt: favoriteLists.createdAt,
        savedAt: favoriteListItems.createdAt,
        member: {
          id: users.id,
          name: users.name,
          slug: users.slug,
          role: users.role,
          profilePic: users.profilePic,
          profilePicThumbnail: users.profilePicThumbnail,
        },
      })
      .from(favoriteLists)
      .leftJoin(favoriteListItems, eq(favoriteListItems.listId, favoriteLists.id))
      // A banned member is left out, as from every list (the saved row stays, for when the ban is lifted).
      .leftJoin(users, and(eq(users.id, favoriteListItems.targetUserId), notBanned()))
      .where(eq(favoriteLists.userId, me))
      .orderBy(
        desc(favoriteLists.isDefault),
        asc(favoriteLists.createdAt),
        asc(favoriteLists.id),
        desc(favoriteListItems.createdAt),
      )
  );
}

function groupLists(rows: Awaited<ReturnType<typeof listRows>>): FavoriteList[] {
  const lists = new Map<number, FavoriteList>();
  for (const row of rows) {
    let list = lists.get(row.listId);
    if (!list) {
      list = {
        id: row.listId,
        name: row.listName,
        isDefault: row.isDefault,
        createdAt: row.listCreatedAt,
        members: [],
      };
      lists.set(row.listId, list);
    }
    if (row.member && row.savedAt !== null) list.members.push({ ...row.member, savedAt: row.savedAt });
  }
  return [...lists.values()];
}

/** A member others may see (not banned, not a former member): any other id names nobody. */
function visibleTarget(targetUserId: number): SQL {
  return sql`exists (select 1 from ${users} where ${users.id} = ${targetUserId} and ${notBanned()})`;
}

/** The member's lists, each with whether it holds the target (for the save button; never a hidden member). */
function listsHolding(db: Database, me: MemberId, targetUserId: number) {
  return db
    .select({
      id: favoriteLists.id,
      name: favoriteLists.name,
      isDefault: favoriteLists.isDefault,
      size: sql<number>`(select count(*) from ${favoriteListItems} where ${favoriteListItems.listId} = ${favoriteLists.id})`,
      saved: sql<number>`exists (select 1 from ${favoriteListItems} where ${favoriteListItems.listId} = ${favoriteLists.id} and ${favoriteListItems.targetUserId} = ${targetUserId}) and ${visibleTarget(targetUserId)}`,
    })
    .from(favoriteLists)
    .where(eq(favoriteLists.userId, me))
    .orderBy(desc(favoriteLists.isDefault), asc(favoriteLists.createdAt), asc(favoriteLists.id));
}

/**
 * The statements that give the member a default list when they have none: a list already called "Favorites"
 * becomes the default, otherwise a new one is made. `when` (SQL) limits it to requests that will go through.
 */
function ensureDefaultList(db: Database, me: number, now: number, when: SQL = sql`1`) {
  const hasDefault = sql`exists (select 1 from ${favoriteLists} where ${favoriteLists.userId} = ${me} and ${favoriteLists.isDefault} = 1)`;
  return [
    db
      .update(favoriteLists)
      .set({ isDefault: true })
      .where(and(eq(favoriteLists.userId, me), eq(favoriteLists.nameKey, DEFAULT_KEY), sql`not ${hasDefault}`, when)),
    db.run(sql`insert or ignore into ${favoriteLists} (user_id, name, name_key, is_default, created_at)
      select ${me}, ${DEFAULT_FAVORITE_LIST_NAME}, ${DEFAULT_KEY}, 1, ${now} where not ${hasDefault} and ${when}`),
  ] as const;
}

/** A saveable member: a spa or a therapist others may see, who is not the member themself. */
function saveableTarget(targetUserId: number, me: number): SQL {
  return sql`exists (select 1 from ${users} where ${users.id} = ${targetUserId} and ${users.role} in (${saveableRoles}) and ${users.id} <> ${me} and ${notBanned()})`;
}

export const favoritesRouter = router({
  /** GET /api/favorites: the member's lists with the spas and therapists in them. */
  lists: memberReadProcedure.output(z.array(favoriteListSchema)).query(async ({ ctx }) => {
    const { viewer: user, results } = await readAsMember(
      ctx,
      (sessionId) => [listRows(ctx.db, sessionMemberId(sessionId))] as const,
    );
    const lists = groupLists(results[0]);
    if (lists.some((list) => list.isDefault)) return lists;
    // Once per member: the default list is made, and the lists read again in the same round trip.
    const [, , rows] = await ctx.db.batch([
      ...ensureDefaultList(ctx.db, user.id, Date.now()),
      listRows(ctx.db, user.id),
    ]);
    return groupLists(rows);
  }),

  /** GET /api/favorites/saved/:targetUserId: the member's lists, each saying whether it holds the target. */
  saved: memberReadProcedure
    .input(targetInput)
    .output(z.array(favoriteListChoiceSchema))
    .query(async ({ ctx, input }) => {
      const { viewer: user, results } = await readAsMember(
        ctx,
        (sessionId) => [listsHolding(ctx.db, sessionMemberId(sessionId), input.targetUserId)] as const,
      );
      let lists = results[0];
      if (!lists.some((list) => list.isDefault)) {
        const [, , rows] = await ctx.db.batch([
          ...ensureDefaultList(ctx.db, user.id, Date.now()),
          listsHolding(ctx.db, user.id, input.targetUserId),
        ]);
        lists = rows;
      }
      return lists.map((list) => ({ ...list, saved: Boolean(list.saved) }));
    }),

  /**
   * POST /api/favorites (`{ targetUserId, listId? }`, without a list: the default list) and
   * POST /api/favorites/lists/:listId/members. Saving what is already saved changes nothing and succeeds.
   */
  save: signedInProcedure
    .input(saveInput)
    .output(favoriteSavedSchema)
    .mutation(async ({ ctx, input }) => {
      const me = ctx.user.id;
      const now = Date.now();
      const target = input.targetUserId;
      const valid = saveableTarget(target, me);
      const list = input.listId
        ? sql`(select ${favoriteLists.id} from ${favoriteLists} where ${favoriteLists.id} = ${input.listId} and ${favoriteLists.userId} = ${me})`
        : sql`(select ${favoriteLists.id} from ${favoriteLists} where ${favoriteLists.userId} = ${me} and ${favoriteLists.isDefault} = 1)`;
      const size = sql`(select count(*) from ${favoriteListItems} where ${favoriteListItems.listId} = ${list})`;
      const statements: BatchItem<'sqlite'>[] = [
        ...(input.listId ? [] : ensureDefaultList(ctx.db, me, now, valid)),
        ctx.db.run(sql`insert into ${favoriteListItems} (list_id, target_user_id, created_at)
        select ${list}, ${target}, ${now} where ${list} is not null and ${valid} and ${size} < ${FAVORITE_LIST_ITEMS_MAX}
        on conflict do nothing`),
        ctx.db
          .select({
            // A banned or former member is "not found", the same as an unknown id.
            role: sql<
              string | null
            >`(select ${users.role} from ${users} where ${users.id} = ${target} and ${notBanned()})`,
            listId: sql<number | null>`${list}`,
            size: sql<number>`${size}`,
            saved: sql<number>`exists (select 1 from ${favoriteListItems} where ${favoriteListItems.listId} = ${list} and ${favoriteListItems.targetUserId} = ${target}) and ${valid}`,
          })
          .from(sql`(select 1)`),
      ];
      const results = await ctx.db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
      const [state] = results.at(-1) as { role: string | null; listId: number | null; size: number; saved: number }[];
      if (state!.saved && state!.listId !== null) return { listId: state!.listId, saved: true as const };
      if (state!.role === null) throw notFound(FAVORITES_TEXTS.memberNotFound);
      if (target === me) throw badRequest(FAVORITES_TEXTS.saveSelf);
      if (!(SAVEABLE_ROLES as readonly string[]).includes(state!.role)) throw badRequest(FAVORITES_TEXTS.notSaveable);
      if (state!.listId === null) throw notFound(FAVORITES_TEXTS.listNotFound);
      throw badRequest(FAVORITES_TEXTS.listFull);
    }),

  /** POST /api/favorites/lists `{ name }`: a new, empty list. */
  createList: signedInProcedure
    .input(createListInput)
    .output(favoriteListSchema)
    .mutation(async ({ ctx, input }) => {
      const me = ctx.user.id;
      const key = nameKey(input.name);
      const count = sql`(select count(*) from ${favoriteLists} where ${favoriteLists.userId} = ${me})`;
      const taken = sql`exists (select 1 from ${favoriteLists} where ${favoriteLists.userId} = ${me} and ${favoriteLists.nameKey} = ${key})`;
      const [created, [state]] = await ctx.db.batch([
        ctx.db.all<{
          id: number;
          created_at: number;
        }>(sql`insert into ${favoriteLists} (user_id, name, name_key, is_default, created_at)
        select ${me}, ${input.name}, ${key}, 0, ${Date.now()} where ${count} < ${FAVORITE_LISTS_MAX} and not ${taken}
        returning id, created_at`),
        ctx.db.select({ taken: sql<number>`${taken}` }).from(sql`(select 1)`),
      ]);
      const row = created[0];
      if (row)
        return {
          id: Number(row.id),
          name: input.name,
          isDefault: false,
          createdAt: Number(row.created_at),
          members: [],
        } satisfies FavoriteList;
      // The insert said no: either the name is taken or the member has as many lists as allowed.
      if (state!.taken) throw conflict(FAVORITES_TEXTS.nameTaken);
      throw badRequest(FAVORITES_TEXTS.tooManyLists);
    }),

  /** PATCH /api/favorites/lists/:listId `{ name }`. */
  renameList: signedInProcedure
    .input(renameListInput)
    .output(favoriteListRenamedSchema)
    .mutation(async ({ ctx, input }) => {
      const me = ctx.user.id;
      const key = nameKey(input.name);
      const takenByAnother = sql`exists (select 1 from ${favoriteLists} where ${favoriteLists.userId} = ${me} and ${favoriteLists.nameKey} = ${key} and ${favoriteLists.id} <> ${input.listId})`;
      const [renamed, [state]] = await ctx.db.batch([
        ctx.db
          .update(favoriteLists)
          .set({ name: input.name, nameKey: key })
          .where(and(eq(favoriteLists.id, input.listId), eq(favoriteLists.userId, me), sql`not ${takenByAnother}`))
          .returning({ id: favoriteLists.id, name: favoriteLists.name, isDefault: favoriteLists.isDefault }),
        ctx.db
          .select({
            mine: sql<number>`exists (select 1 from ${favoriteLists} where ${favoriteLists.id} = ${input.listId} and ${favoriteLists.userId} = ${me})`,
          })
          .from(sql`(select 1)`),
      ]);
      if (renamed[0]) return renamed[0];
      if (!state!.mine) throw notFound(FAVORITES_TEXTS.listNotFound);
      throw conflict(FAVORITES_TEXTS.nameTaken);
    }),

  /** DELETE /api/favorites/lists/:listId: a list and what is in it (never the default list). */
  deleteList: signedInProcedure
    .input(listInput)
    .output(favoriteListDeletedSchema)
    .mutation(async ({ ctx, input }) => {
      const me = ctx.user.id;
      const deletable = and(
        eq(favoriteLists.id, input.listId),
        eq(favoriteLists.userId, me),
        eq(favoriteLists.isDefault, false),
      );
      const [, deleted, [state]] = await ctx.db.batch([
        ctx.db
          .delete(favoriteListItems)
          .where(
            eq(
              favoriteListItems.listId,
              sql`(${ctx.db.select({ id: favoriteLists.id }).from(favoriteLists).where(deletable)})`,
            ),
          ),
        ctx.db.delete(favoriteLists).where(deletable).returning({ id: favoriteLists.id }),
        ctx.db
          .select({
            mine: sql<number>`exists (select 1 from ${favoriteLists} where ${favoriteLists.id} = ${input.listId} and ${favoriteLists.userId} = ${me})`,
          })
          .from(sql`(select 1)`),
      ]);
      if (deleted[0]) return { deleted: true as const };
      if (!state!.mine) throw notFound(FAVORITES_TEXTS.listNotFound);
      throw badRequest(FAVORITES_TEXTS.defaultListKept);
    }),

  /**
   * DELETE /api/favorites/lists/:listId/members/:targetUserId. Removing what is not there succeeds; a banned member
   * is not there, as for an unknown id.
   */
  remove: signedInProcedure
    .input(removeInput)
    .output(favoriteRemovedSchema)
    .mutation(async ({ ctx, input }) => {
      const me = ctx.user.id;
      const mine = ctx.db
        .select({ id: favoriteLists.id })
        .from(favoriteLists)
        .where(and(eq(favoriteLists.id, input.listId), eq(favoriteLists.userId, me)));
      const [removed, owned] = await ctx.db.batch([
        ctx.db
          .delete(favoriteListItems)
          .where(
            and(
              eq(favoriteListItems.listId, sql`(${mine})`),
              eq(favoriteListItems.targetUserId, input.targetUserId),
              visibleTarget(input.targetUserId),
            ),
          )
          .returning({ id: favoriteListItems.targetUserId }),
        mine,
      ]);
      if (owned.length === 0) throw notFound(FAVORITES_TEXTS.listNotFound);
      return { removed: removed.length > 0 };
    }),
});
