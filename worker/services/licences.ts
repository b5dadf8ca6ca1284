// Licences as the procedures answer them (worker/routers/licences.ts): a stored row becomes a Licence with its
// computed state (an approved licence past its last valid day is `expired`), the admin queue's rows carry their
// member, and the mails a member is sent about a licence (the admin's decision, and the notice 30 days before an
// approved one expires, sent once by the Cron Trigger) are written here.
import { and, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import { PRODUCT_NAME } from '../../common/brand.ts';
import { escapeHtml } from '../../common/html.ts';
import {
  LICENCE_EXPIRY_NOTICE_DAYS,
  LICENCE_KIND_LABELS,
  LICENCE_TEXTS,
  type AdminLicence,
  type Licence,
  type LicenceKind,
} from '../../common/licences.ts';
import { DAY_MS, manilaDay } from '../../common/time.ts';
import { licences, users } from '../../db/schema.ts';
import type { Database } from '../db.ts';
import type { Config } from '../env.ts';
import { queueMailWhen } from '../providers/mail.ts';
import { mailPage } from './email-change.ts';

export type LicenceRow = typeof licences.$inferSelect;

/** The columns a Licence is built from (never the document's key, the decider or the notice's time). */
export const LICENCE_COLUMNS = {
  id: licences.id,
  kind: licences.kind,
  number: licences.number,
  issuedBy: licences.issuedBy,
  expiresOn: licences.expiresOn,
  state: licences.state,
  reason: licences.reason,
  createdAt: licences.createdAt,
  decidedAt: licences.decidedAt,
};
type LicenceColumns = Pick<LicenceRow, keyof typeof LICENCE_COLUMNS>;

/** Where the document's photo is served, to its owner and admins only. */
export function licenceDocumentUrl(id: number): string {
  return `/api/licences/${id}/document`;
}

/** A licence as its owner and admins see it; `today` is the Manila day that decides whether it has expired. */
export function toLicence(row: LicenceColumns, today = manilaDay()): Licence {
  return {
    id: row.id,
    kind: row.kind,
    number: row.number,
    issuedBy: row.issuedBy,
    expiresOn: row.expiresOn,
    state: row.state === 'approved' && row.expiresOn < today ? 'expired' : row.state,
    reason: row.reason,
    documentUrl: licenceDocumentUrl(row.id),
    createdAt: row.createdAt,
    decidedAt: row.decidedAt,
  };
}

/** The admin queue's columns: the licence's and its member's. */
export const ADMIN_LICENCE_COLUMNS = {
  ...LICENCE_COLUMNS,
  member: { id: users.id, name: users.name, slug: users.slug, role: users.role },
};

export function toAdminLicence(row: LicenceColumns & { member: AdminLicence['member'] }, today = manilaDay()) {
  return { ...toLicence(row, today), member: row.member };
}

interface Mail {
  subject: string;
  text: string;
  html: string;
}

function licenceMail(memberName: string, heading: string, paragraphs: string[], link: string): Mail {
  const text = [`Hello ${memberName},`, '', ...paragraphs.flatMap((paragraph) => [paragraph, '']), link, ''].join('\n');
  const html = mailPage(escapeHtml(heading), [`Hello ${escapeHtml(memberName)},`, ...paragraphs.map(escapeHtml)], {
    label: 'See your licences',
    href: link,
  });
  return { subject: `${heading} – ${PRODUCT_NAME}`, text, html };
}

/** The member's own licences in the app. */
function licencesLink(config: Pick<Config, 'APP_URL'>): string {
  return `${config.APP_URL}/licences`;
}

/** To the member: an admin approved or rejected their licence (with the reason). */
export function decisionMail(
  config: Pick<Config, 'APP_URL'>,
  memberName: string,
  licence: { kind: LicenceKind; number: string; expiresOn: string },
  decision: 'approve' | 'reject',
  reason: string | null,
): Mail {
  const label = LICENCE_KIND_LABELS[licence.kind];
  const approved = decision === 'approve';
  const paragraphs = approved
    ? [
        `An admin checked your ${label} no. ${licence.number} and approved it. Your profile shows "${LICENCE_TEXTS.badge}" until it expires on ${licence.expiresOn}.`,
      ]
    : [
        `An admin checked your ${label} no. ${licence.number} and could not approve it.`,
        `The reason: ${reason ?? ''}`,
        'You can submit it again with a clear photo of the document.',
      ];
  if (approved && reason) paragraphs.push(`The admin noted: ${reason}`);
  return licenceMail(
    memberName,
    approved ? `Your ${label} is approved` : `Your ${label} was not approved`,
    paragraphs,
    licencesLink(config),
  );
}

/** To the member: their approved licence expires soon. */
export function expiryNoticeMail(
  config: Pick<Config, 'APP_URL'>,
  memberName: string,
  licence: { kind: LicenceKind; number: string; expiresOn: string },
): Mail {
  const label = LICENCE_KIND_LABELS[licence.kind];
  return licenceMail(
    memberName,
    `Your ${label} expires on ${licence.expiresOn}`,
    [
      `Your ${label} no. ${licence.number} expires on ${licence.expiresOn}. After that day your profile no longer shows "${LICENCE_TEXTS.badge}".`,
      'Submit the renewed licence before then, and an admin will check it.',
    ],
    licencesLink(config),
  );
}

/**
 * The Cron Trigger's notices: each approved licence whose last valid day is within LICENCE_EXPIRY_NOTICE_DAYS and
 * whose owner was not told yet. Answers the statements that mark each licence (claimed by `expiry_notice_sent_at is
 * null`) and, when this run's mark took, mail its owner: a notice is never sent twice.
 */
export async function expiryNoticeStatements(db: Database, config: Config, now: number) {
  const today = manilaDay(now);
  const until = manilaDay(now + LICENCE_EXPIRY_NOTICE_DAYS * DAY_MS);
  const due = await db
    .select({
      id: licences.id,
      kind: licences.kind,
      number: licences.number,
      expiresOn: licences.expiresOn,
      name: users.name,
      email: users.email,
    })
    .from(licences)
    .innerJoin(users, eq(users.id, licences.userId))
    .where(
      and(
        eq(licences.state, 'approved'),
        gte(licences.expiresOn, today),
        lte(licences.expiresOn, until),
        isNull(licences.expiryNoticeSentAt),
        isNull(users.deletedAt),
      ),
    );
  return due.flatMap((licence) => {
    const mark = db
      .update(licences)
      .set({ expiryNoticeSentAt: now })
      .where(and(eq(licences.id, licence.id), isNull(licences.expiryNoticeSentAt)));
    if (!licence.email) return [mark];
    const mail = expiryNoticeMail(config, licence.name, licence);
    const marked = sql`exists (select 1 from licences where id = ${licence.id} and expiry_notice_sent_at = ${now})`;
    return [mark, queueMailWhen(db, config, { to: licence.email, ...mail, kind: 'licence_expiry' }, marked, now)];
  });
}

/** A licence row's id as a page cursor: `<createdAt>.<id>` of the last item. */
export function licenceCursor(row: { createdAt: number; id: number }): string {
  return `${row.createdAt}.${row.id}`;
}

/** The rows after a cursor, newest first; null for a cursor the server did not issue. */
export function afterLicenceCursor(cursor: string | null | undefined) {
  if (!cursor) return sql`1`;
  const match = /^(\d{1,15})\.(\d{1,15})$/.exec(cursor);
  if (!match) return null;
  const createdAt = Number(match[1]);
  const id = Number(match[2]);
  return sql`(${licences.createdAt} < ${createdAt} or (${licences.createdAt} = ${createdAt} and ${licences.id} < ${id}))`;
}
