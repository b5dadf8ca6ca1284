// Verified visits: a spa shows a six-digit code at its counter (a new random one each minute), a client enters or
// scans it and the visit is recorded, once per client, spa and Manila day. A code is checked, and the visit written,
// in one conditional insert beside its diagnosis (one batch, so a refusal says why without a second round trip); the
// one-a-day rule is the unique index's, not a check that could race. Guessing is limited per member and per spa.
import { sql } from 'drizzle-orm';
import {
  VISIT_CODE_GRACE_SECONDS,
  VISIT_CODE_SECONDS,
  VISIT_TEXTS,
  VISITS_PAGE_SIZE,
  type Visit,
} from '../../common/visits.ts';
import { recordVisitInput, visitsMineInput } from '../../common/visits-input.ts';
import { visitCodeAnswerSchema, visitPageSchema, visitRecordedSchema } from '../../common/visits-output.ts';
import { pageOf } from '../../common/page.ts';
import { manilaDay, SECOND_MS } from '../../common/time.ts';
import { badRequest, conflict, forbidden, internalError } from '../errors.ts';
import { enforceRateLimit } from '../rate-limit.ts';
import { notBanned } from '../services/member-sql.ts';
import { parseCursor } from '../services/profiles.ts';
import { sessionMemberId } from '../services/sessions.ts';
import { isUniqueViolation } from '../services/users.ts';
import { memberReadProcedure, readAsMember, router, signedInProcedure } from '../trpc.ts';

/** Tries before giving up on a code nobody else holds (a million codes, a few hundred live at most). */
const CODE_ATTEMPTS = 5;
/** The largest multiple of a million a Uint32 holds: values from it up are drawn again, so every code is as likely. */
const UNBIASED_LIMIT = Math.floor(2 ** 32 / 1_000_000) * 1_000_000;

function randomCode(): string {
  const draw = new Uint32Array(1);
  do crypto.getRandomValues(draw);
  while (draw[0]! >= UNBIASED_LIMIT);
  return String(draw[0]! % 1_000_000).padStart(6, '0');
}

interface VisitRow {
  id: number;
  spaId: number;
  spaName: string;
  spaSlug: string;
  therapistId: number | null;
  therapistName: string | null;
  visitedAt: number;
}

const toVisit = (row: VisitRow): Visit => ({
  id: Number(row.id),
  spaId: Number(row.spaId),
  spaName: row.spaName,
  spaSlug: row.spaSlug,
  therapistId: row.therapistId === null ? null : Number(row.therapistId),
  therapistName: row.therapistName,
  visitedAt: Number(row.visitedAt),
});

export const visitsRouter = router({
  /**
   * GET /api/visits/code: the spa's current code, the same until it expires, then a new one. Codes past their grace
   * are swept first (every spa's: the table holds live codes only), so a new code collides only with a live one.
   */
  code: signedInProcedure.output(visitCodeAnswerSchema).query(async ({ ctx }) => {
    if (ctx.user.role !== 'spa_management') throw forbidden(VISIT_TEXTS.onlySpasShowCodes);
    const now = Date.now();
    const spaId = ctx.user.id;
    for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt += 1) {
      try {
        const [, , current] = await ctx.db.batch([
          ctx.db.run(sql`delete from visit_codes where expires_at < ${now - VISIT_CODE_GRACE_SECONDS * SECOND_MS}`),
          ctx.db.run(sql`
            insert into visit_codes (code, spa_id, expires_at)
            select ${randomCode()}, ${spaId}, ${now + VISIT_CODE_SECONDS * SECOND_MS}
            where not exists (select 1 from visit_codes where spa_id = ${spaId} and expires_at > ${now})`),
          ctx.db.all<{ code: string; expiresAt: number }>(sql`
            select code, expires_at as expiresAt from visit_codes where spa_id = ${spaId} and expires_at > ${now}
            order by expires_at desc limit 1`),
        ]);
        const [code] = current;
        if (!code) break;
        const url = `${ctx.config.APP_URL}/visits/new?code=${code.code}&spa=${spaId}`;
        return { code: code.code, expiresAt: Number(code.expiresAt), url };
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    }
    throw internalError('no free visit code');
  }),

  /**
   * POST /api/visits: a client records a visit with the spa's code (checked against `spaId` only, when given),
   * optionally naming a therapist of the spa's accepted lineup. The member's attempts are limited, and a spa's
   * when the attempt names it.
   */
  record: signedInProcedure
    .input(recordVisitInput)
    .output(visitRecordedSchema)
    .mutation(async ({ ctx, input }) => {
      if (ctx.user.role !== 'client') throw forbidden(VISIT_TEXTS.onlyClientsRecord);
      await enforceRateLimit(ctx, ctx.env.VISIT_MEMBER_LIMITER, `visit:${ctx.user.id}`);
      if (input.spaId !== undefined) await enforceRateLimit(ctx, ctx.env.VISIT_SPA_LIMITER, `visit-spa:${input.spaId}`);
      const now = Date.now();
      const therapistId = input.therapistId ?? null;
      // The code's spa while the code is accepted (its grace included), a member others may see.
      const validCode = sql`
        select c.spa_id from visit_codes as c join users as s on s.id = c.spa_id
        where c.code = ${input.code} and c.expires_at >= ${now - VISIT_CODE_GRACE_SECONDS * SECOND_MS}
          and s.role = 'spa_management' and ${notBanned('s')}
          ${input.spaId === undefined ? sql`` : sql`and c.spa_id = ${input.spaId}`}`;
      // The therapist works at that spa now (an accepted lineup link) and may be seen.
      const inLineup = sql`exists (
        select 1 from lineup_links as l join users as t on t.id = l.therapist_id
        where l.spa_id = v.spa_id and l.therapist_id = ${therapistId} and l.state = 'accepted' and ${notBanned('t')})`;
      let inserted: { id: number }[];
      let found: (VisitRow & { therapistOk: number })[];
      try {
        [inserted, found] = await ctx.db.batch([
          ctx.db.all<{ id: number }>(sql`
            insert into visits (client_id, spa_id, therapist_id, visited_at, manila_day)
            select ${ctx.user.id}, v.spa_id, ${therapistId}, ${now}, ${manilaDay(now)} from (${validCode}) as v
            where ${therapistId === null ? sql`1` : inLineup}
            returning id`),
          ctx.db.all<VisitRow & { therapistOk: number }>(sql`
            select 0 as id, s.id as spaId, s.name as spaName, s.slug as spaSlug, t.id as therapistId,
              t.name as therapistName, ${now} as visitedAt, ${therapistId === null ? sql`1` : inLineup} as therapistOk
            from (${validCode}) as v join users as s on s.id = v.spa_id left join users as t on t.id = ${therapistId}`),
        ]);
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(VISIT_TEXTS.alreadyToday);
        throw error;
      }
      const [spa] = found;
      if (!spa) throw badRequest(VISIT_TEXTS.codeInvalid);
      const [visit] = inserted;
      if (!visit || Number(spa.therapistOk) !== 1) throw badRequest(VISIT_TEXTS.therapistNotInLineup);
      return { visit: toVisit({ ...spa, id: visit.id }) };
    }),

  /** GET /api/visits: one's own visits, newest first (a client's; other members have none). */
  mine: memberReadProcedure
    .input(visitsMineInput)
    .output(visitPageSchema)
    .query(async ({ ctx, input }) => {
      const cursor = parseCursor(input.cursor);
      const { results } = await readAsMember(
        ctx,
        (sessionId) =>
          [
            ctx.db.all<VisitRow>(sql`
              select v.id as id, v.spa_id as spaId, s.name as spaName, s.slug as spaSlug,
                case when t.id is not null and ${notBanned('t')} then t.id end as therapistId,
                case when t.id is not null and ${notBanned('t')} then t.name end as therapistName,
                v.visited_at as visitedAt
              from visits as v join users as s on s.id = v.spa_id left join users as t on t.id = v.therapist_id
              where v.client_id = ${sessionMemberId(sessionId)}
                ${cursor ? sql`and (v.visited_at < ${cursor.createdAt} or (v.visited_at = ${cursor.createdAt} and v.id < ${cursor.id}))` : sql``}
              order by v.visited_at desc, v.id desc limit ${VISITS_PAGE_SIZE + 1}`),
          ] as const,
      );
      return pageOf(results[0], VISITS_PAGE_SIZE, toVisit, (last) => `${last.visitedAt}.${last.id}`);
    }),
});
