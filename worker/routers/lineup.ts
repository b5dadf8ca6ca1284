// The therapist lineup: a spa manager invites a therapist, the invited therapist accepts or
// declines, either side ends the link. Each write is one conditional statement plus its diagnosis in one batch
// (so a refusal says why without a second round trip); a second open link for the same pair is refused by the
// partial unique index, not by a check that could race. The lineup (accepted links) is public; invitations
// are answered only to the two members they concern.
import { eq, sql } from 'drizzle-orm';
import { lineupLinks } from '../../db/schema.ts';
import {
  inviteInput,
  LINEUP_TEXTS,
  lineupOfInput,
  linkInput,
  respondInput,
  type LineupAnswer,
  type LineupSpa,
  type LineupTherapist,
} from '../../common/lineup.ts';
import {
  lineupAnswerSchema,
  lineupEndedSchema,
  lineupInvitedSchema,
  lineupRespondedSchema,
} from '../../common/lineup-output.ts';
import type { Role } from '../../common/roles.ts';
import { isUniqueViolation } from '../services/users.ts';
import { publicProcedure, router, signedInProcedure, type Context } from '../trpc.ts';
import { notBanned } from '../services/member-sql.ts';
import { visibleMember } from '../services/profiles.ts';
import { badRequest, conflict, forbidden, notFound } from '../errors.ts';

/** A link's two sides and its state: one statement, for a batch. */
function linkQuery(ctx: Context, linkId: number) {
  const { id, spaId, therapistId, state } = lineupLinks;
  return ctx.db.select({ id, spaId, therapistId, state }).from(lineupLinks).where(eq(lineupLinks.id, linkId));
}

type LinkRow = Awaited<ReturnType<typeof linkQuery>>[number];

/** A link the member is not a side of is answered as missing: invitations are private to the two sides. */
function linkOf(rows: LinkRow[], memberId: number): LinkRow {
  const [link] = rows;
  if (!link || (link.spaId !== memberId && link.therapistId !== memberId)) throw notFound(LINEUP_TEXTS.linkNotFound);
  return link;
}

type LineupRow = {
  linkId: number;
  state: 'invited' | 'accepted';
  side: 'therapist' | 'spa';
  since: number;
  id: number;
  name: string;
  slug: string;
  profilePic: string | null;
  address: string | null;
  flowersReceived: number | null;
};

/** The open links of a member with the member on the other side (banned members are left out). */
function lineupRowsQuery(ctx: Context, memberId: number) {
  return ctx.db.all<LineupRow>(sql`
    select l.id as linkId, l.state as state, 'therapist' as side, coalesce(l.responded_at, l.created_at) as since,
      o.id as id, o.name as name, o.slug as slug, o.profile_pic as profilePic, null as address,
      (select count(*) from flowers as f where f.recipient_id = o.id) as flowersReceived
    from lineup_links as l join users as o on o.id = l.therapist_id
    where l.spa_id = ${memberId} and l.state in ('invited', 'accepted') and ${notBanned('o')}
    union all
    select l.id, l.state, 'spa', coalesce(l.responded_at, l.created_at), o.id, o.name, o.slug, o.profile_pic, o.address, null
    from lineup_links as l join users as o on o.id = l.spa_id
    where l.therapist_id = ${memberId} and l.state in ('invited', 'accepted') and ${notBanned('o')}
    order by 4 desc, 1 desc`);
}

function toLineup(rows: LineupRow[], own: boolean): LineupAnswer {
  const therapist = (row: LineupRow): LineupTherapist => ({
    linkId: row.linkId,
    id: row.id,
    name: row.name,
    slug: row.slug,
    profilePic: row.profilePic,
    since: Number(row.since),
    flowersReceived: Number(row.flowersReceived ?? 0),
  });
  const spa = (row: LineupRow): LineupSpa => ({
    linkId: row.linkId,
    id: row.id,
    name: row.name,
    slug: row.slug,
    profilePic: row.profilePic,
    since: Number(row.since),
    address: row.address,
  });
  const pick = (state: LineupRow['state']) => rows.filter((row) => row.state === state);
  const split = (list: LineupRow[]) => ({
    therapists: list.filter((row) => row.side === 'therapist').map(therapist),
    spas: list.filter((row) => row.side === 'spa').map(spa),
  });
  return { ...split(pick('accepted')), invitations: own ? split(pick('invited')) : null };
}

export const lineupRouter = router({
  /** GET /api/users/{userId}/lineup: a spa's therapists or a therapist's spas; one round trip with the session. */
  of: publicProcedure
    .input(lineupOfInput)
    .output(lineupAnswerSchema)
    .query(async ({ ctx, input }): Promise<LineupAnswer> => {
      const { viewer, results } = await ctx.readBesideSession([
        ctx.db.all<{ id: number; role: Role; isBanned: number; deletedAt: number | null }>(
          sql`select id, role, is_banned as isBanned, deleted_at as deletedAt from users where id = ${input.userId}`,
        ),
        lineupRowsQuery(ctx, input.userId),
      ]);
      const target = visibleMember(results[0][0], { role: viewer?.user.role ?? 'client' });
      return toLineup(results[1], viewer?.user.id === target.id);
    }),

  /** POST /api/lineup/invitations: a spa manager invites a therapist (search by name: GET /api/users/therapist). */
  invite: signedInProcedure
    .input(inviteInput)
    .output(lineupInvitedSchema)
    .mutation(async ({ ctx, input }) => {
      if (ctx.user.role !== 'spa_management') throw forbidden(LINEUP_TEXTS.onlySpasInvite);
      let inserted: { id: number; createdAt: number }[];
      let found: { role: Role; hidden: number }[];
      try {
        [inserted, found] = await ctx.db.batch([
          ctx.db.all<{ id: number; createdAt: number }>(sql`
          insert into lineup_links (spa_id, therapist_id, state)
          select ${ctx.user.id}, t.id, 'invited' from users as t where t.id = ${input.therapistId} and t.role = 'therapist' and ${notBanned('t')}
          returning id, created_at as createdAt`),
          ctx.db.all<{ role: Role; hidden: number }>(
            sql`select role, not ${notBanned()} as hidden from users where id = ${input.therapistId}`,
          ),
        ]);
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(LINEUP_TEXTS.alreadyLinked);
        throw error;
      }
      const [link] = inserted;
      if (!link) {
        const [therapist] = found;
        if (!therapist || Number(therapist.hidden) === 1) throw notFound(LINEUP_TEXTS.therapistNotFound);
        throw badRequest(LINEUP_TEXTS.notATherapist);
      }
      return {
        linkId: link.id,
        spaId: ctx.user.id,
        therapistId: input.therapistId,
        state: 'invited' as const,
        message: LINEUP_TEXTS.invited,
      };
    }),

  /** POST /api/lineup/{linkId}/accept and /decline: only the invited therapist answers, once. */
  respond: signedInProcedure
    .input(respondInput)
    .output(lineupRespondedSchema)
    .mutation(async ({ ctx, input }) => {
      const state = input.accept ? 'accepted' : 'declined';
      const [updated, found] = await ctx.db.batch([
        ctx.db.all<{ id: number }>(sql`
        update lineup_links set state = ${state}, responded_at = ${Date.now()}
        where id = ${input.linkId} and therapist_id = ${ctx.user.id} and state = 'invited' returning id`),
        linkQuery(ctx, input.linkId),
      ]);
      if (updated.length === 0) {
        const link = linkOf(found, ctx.user.id);
        if (link.therapistId !== ctx.user.id) throw forbidden(LINEUP_TEXTS.onlyInvitedResponds);
        throw conflict(LINEUP_TEXTS.notOpen);
      }
      return { linkId: input.linkId, state, message: input.accept ? LINEUP_TEXTS.accepted : LINEUP_TEXTS.declined };
    }),

  /** DELETE /api/lineup/{linkId}: either side ends a link (or withdraws an invitation). */
  end: signedInProcedure
    .input(linkInput)
    .output(lineupEndedSchema)
    .mutation(async ({ ctx, input }) => {
      const [updated, found] = await ctx.db.batch([
        ctx.db.all<{ id: number }>(sql`
        update lineup_links set state = 'ended', ended_at = ${Date.now()}
        where id = ${input.linkId} and ${ctx.user.id} in (spa_id, therapist_id) and state in ('invited', 'accepted') returning id`),
        linkQuery(ctx, input.linkId),
      ]);
      if (updated.length === 0) {
        linkOf(found, ctx.user.id);
        throw conflict(LINEUP_TEXTS.alreadyEnded);
      }
      return { linkId: input.linkId, state: 'ended' as const, message: LINEUP_TEXTS.ended };
    }),
});
