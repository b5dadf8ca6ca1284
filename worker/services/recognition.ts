// Giving a star, flower, medal or red flag is ONE conditional INSERT: the giver's role, the recipient (exists,
// right role, not banned), the spa, today's allowance in Asia/Manila (3x for premium givers) and the red-flag
// 30-day rule are all conditions of the same statement, so 50 parallel requests give exactly the limit, never
// more (no read-then-write). Whether the row moves the leaderboards (`counted`) is decided in it too. When
// nothing was inserted, `diagnose` (run in the same batch) tells why. Used by POST /api/stars, /flowers,
// /medals, /red-flags and by a review that carries a reward.
import type { TRPCError } from '@trpc/server';
import { sql, type SQL } from 'drizzle-orm';
import { BOARD_NEW_ACCOUNT_MS, RED_FLAG_REPEAT_DAYS } from '../../common/limits.ts';
import {
  dailyLimit,
  limitReachedMessage,
  RECOGNITION_MESSAGES,
  RECOGNITION_RULES,
  type RecognitionKind,
} from '../../common/recognition.ts';
import type { Database } from '../db.ts';
import { DAY_MS } from '../../common/time.ts';
import { notBanned, premiumNow } from './member-sql.ts';
import { verifiedVisitSql } from './verified-visits.ts';
import { badRequest, forbidden, notFound, tooManyRequests } from '../errors.ts';

export interface Gift {
  kind: RecognitionKind;
  giverId: number;
  recipientId: number;
  /**
   * Stars and flowers: the spa they were earned at. A number must name an existing spa (`required` refuses
   * null); SQL (a review's reward: the recipient's own spa, if any) is stored as it evaluates.
   */
  spa?: { id: number | null | SQL; required: boolean };
  reason: string | null;
  /** Red flags only. */
  description?: string | null;
  now: number;
  day: string;
  /** A further condition (a review's reward is given only with its review). */
  onlyIf?: SQL;
}

function giftTable(kind: RecognitionKind): SQL {
  return sql.raw(RECOGNITION_RULES[kind].table);
}

function usedToday(gift: Gift): SQL {
  return sql`(select count(*) from ${giftTable(gift.kind)} as today where today.giver_id = ${gift.giverId} and today.manila_day = ${gift.day})`;
}

function repeatedRedFlag(gift: Gift): SQL {
  return sql`exists (select 1 from red_flags as earlier where earlier.giver_id = ${gift.giverId}
    and earlier.created_at > ${gift.now - RED_FLAG_REPEAT_DAYS * DAY_MS} and earlier.recipient_id = ${gift.recipientId})`;
}

/** The premium-aware allowance of the giver row `giver`, in SQL (the row is the truth, not the session). */
function allowance(kind: RecognitionKind, now: number): SQL {
  return sql`(case when ${premiumNow(now, 'giver')} then ${dailyLimit(kind, true)} else ${dailyLimit(kind, false)} end)`;
}

/** The INSERT … SELECT … WHERE <every rule> RETURNING id of one gift: no row when any rule says no. */
export function giveStatement(db: Database, gift: Gift) {
  const rule = RECOGNITION_RULES[gift.kind];
  const hasSpa = gift.kind === 'star' || gift.kind === 'flower';
  const spaId = gift.spa?.id ?? null;
  const spaCondition =
    !hasSpa || (spaId !== null && typeof spaId === 'object')
      ? sql``
      : spaId === null
        ? gift.spa?.required
          ? sql`and 0`
          : sql``
        : sql`and exists (select 1 from spas where spas.id = ${spaId})`;
  return db.all<{ id: number }>(sql`
    insert into ${giftTable(gift.kind)} (giver_id, recipient_id, reason, created_at, manila_day, counted${sql.raw(
      hasSpa ? ', spa_id' : gift.kind === 'red_flag' ? ', description' : '',
    )})
    select giver.id, recipient.id, ${gift.reason}, ${gift.now}, ${gift.day},
      giver.created_at <= ${gift.now - BOARD_NEW_ACCOUNT_MS} and not exists (
        select 1 from ${giftTable(gift.kind)} as same where same.giver_id = giver.id and same.recipient_id = recipient.id
          and same.manila_day = ${gift.day} and same.counted = 1)
      ${hasSpa ? sql`, ${spaId}` : gift.kind === 'red_flag' ? sql`, ${gift.description ?? null}` : sql``}
    from users as giver join users as recipient on recipient.id = ${gift.recipientId}
    where giver.id = ${gift.giverId} and giver.role = ${rule.giver} and ${notBanned('giver')} and giver.id <> recipient.id
      and recipient.role = ${rule.recipient} and ${notBanned('recipient')}
      ${spaCondition}
      and ${usedToday(gift)} < ${allowance(gift.kind, gift.now)}
      ${gift.kind === 'red_flag' ? sql`and not ${repeatedRedFlag(gift)}` : sql``}
      ${gift.onlyIf ? sql`and ${gift.onlyIf}` : sql``}
    returning id`);
}

export interface GiftDiagnosis {
  recipientRole: string | null;
  /** 1 when the recipient is banned or a former member: either is "not found", as an unknown id is. */
  recipientHidden: number | null;
  spaExists: number;
  used: number;
  premium: number;
  repeated: number;
  /** 1 when the gift follows a visit (worker/services/verified-visits.ts). */
  verifiedVisit: number;
}

/** What the rules saw, read in the same batch right after the INSERT, to explain an empty insert. */
export function diagnoseStatement(db: Database, gift: Gift) {
  const spaId = gift.spa?.id ?? null;
  return db.all<GiftDiagnosis>(sql`
    select recipient.role as recipientRole, not ${notBanned('recipient')} as recipientHidden,
      ${typeof spaId === 'number' ? sql`exists (select 1 from spas where spas.id = ${spaId})` : sql`0`} as spaExists,
      ${usedToday(gift)} as used,
      (select ${premiumNow(gift.now)} from users where id = ${gift.giverId}) as premium,
      ${gift.kind === 'red_flag' ? repeatedRedFlag(gift) : sql`0`} as repeated,
      ${verifiedVisitSql(sql`${gift.giverId}`, sql`${gift.recipientId}`, sql`${gift.now}`)} as verifiedVisit
    from (select 1) left join users as recipient on recipient.id = ${gift.recipientId}`);
}

export type Refusal = {
  code: 'NOT_FOUND' | 'FORBIDDEN' | 'TOO_MANY_REQUESTS' | 'BAD_REQUEST';
  message: string;
  limit?: number;
};

/** Why a gift was not inserted, in the order a member would want to hear it. */
export function explainRefusal(gift: Gift, found: GiftDiagnosis | undefined): Refusal {
  const rule = RECOGNITION_RULES[gift.kind];
  if (!found || found.recipientRole === null || Number(found.recipientHidden) === 1)
    return { code: 'NOT_FOUND', message: RECOGNITION_MESSAGES.recipientNotFound };
  if (found.recipientRole !== rule.recipient)
    return { code: 'FORBIDDEN', message: RECOGNITION_MESSAGES.wrongRecipient[gift.kind] };
  if (typeof gift.spa?.id === 'number' && Number(found.spaExists) !== 1)
    return { code: 'NOT_FOUND', message: RECOGNITION_MESSAGES.spaNotFound };
  if (Number(found.repeated) === 1) return { code: 'TOO_MANY_REQUESTS', message: RECOGNITION_MESSAGES.redFlagRepeat };
  const limit = dailyLimit(gift.kind, Number(found.premium) === 1);
  if (Number(found.used) >= limit)
    return { code: 'TOO_MANY_REQUESTS', message: limitReachedMessage(gift.kind, limit), limit };
  return { code: 'BAD_REQUEST', message: RECOGNITION_MESSAGES.retry };
}

/** Checks a gift before any database work: the giver's role and not oneself (403). */
export function checkGiver(kind: RecognitionKind, giver: { id: number; role: string }, recipientId: number): void {
  if (giver.role !== RECOGNITION_RULES[kind].giver) throw forbidden(RECOGNITION_MESSAGES.wrongGiver[kind]);
  if (giver.id === recipientId) throw forbidden(RECOGNITION_MESSAGES.notYourself);
}

const REFUSED_WITH: Record<Refusal['code'], (message: string) => TRPCError> = {
  NOT_FOUND: notFound,
  FORBIDDEN: forbidden,
  TOO_MANY_REQUESTS: tooManyRequests,
  BAD_REQUEST: badRequest,
};

export function refusalError(refusal: Refusal): TRPCError {
  return REFUSED_WITH[refusal.code](refusal.message);
}
