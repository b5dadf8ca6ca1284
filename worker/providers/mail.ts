// Mail (docs/architecture.md, "Providers"). Every message is written to the outbox first, in the same batch as whatever
// it is about. Then a provider delivers it: Resend (RESEND_API_KEY) or Cloudflare Email Service (the `EMAIL`
// send_email binding), right after the request (waitUntil) and again from the Cron Trigger while it fails:
// at most MAIL_MAX_ATTEMPTS attempts with a doubling pause between them, every failure recorded in the row.
// With no provider, the embedded default is a local mailbox: the message counts as delivered the moment it is
// written, and /dev/mail (browser) and GET /api/dev/mail (scripts) show it. The mailbox exists only in
// development; in production a message without a provider is recorded as failed and logged.
import { and, asc, eq, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { mailOutbox } from '../../db/schema.ts';
import type { Database } from '../db.ts';
import type { Config } from '../env.ts';
import { log } from '../log.ts';

export type MailProviderName = 'resend' | 'cloudflare' | 'local';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  kind: string;
}

export const MAIL_MAX_ATTEMPTS = 6;
const FIRST_RETRY_DELAY_MS = 60_000;
const LONGEST_RETRY_DELAY_MS = 30 * 60_000;
/** A claimed message is not claimed again (by the cron or another request) for this long. */
const CLAIM_LEASE_MS = 2 * 60_000;
const DELIVERY_BATCH = 20;
const PROVIDER_TIMEOUT_MS = 10_000;
const NO_PROVIDER = 'No mail provider is configured (set RESEND_API_KEY or the EMAIL send_email binding).';

export function mailProviderName(config: Config): MailProviderName {
  if (config.RESEND_API_KEY) return 'resend';
  if (config.EMAIL) return 'cloudflare';
  return 'local';
}

/** The local mailbox exists only in development and only while no provider is configured. */
export function localMailboxAvailable(config: Config): boolean {
  return config.ENVIRONMENT === 'development' && mailProviderName(config) === 'local';
}

/** The pause before the next attempt after `attempts` failed ones: 1, 2, 4, 8, 16 minutes, at most 30. */
export function retryDelay(attempts: number): number {
  return Math.min(LONGEST_RETRY_DELAY_MS, FIRST_RETRY_DELAY_MS * 2 ** Math.max(0, attempts - 1));
}

/** The outbox row of a message as the configured provider starts it. */
function outboxRow(config: Config, mail: OutgoingMail, now: number): typeof mailOutbox.$inferInsert {
  const provider = mailProviderName(config);
  const row = {
    toAddress: mail.to,
    subject: mail.subject,
    bodyText: mail.text,
    bodyHtml: mail.html,
    kind: mail.kind,
    createdAt: now,
  };
  if (provider !== 'local') return { ...row, nextAttemptAt: now };
  if (localMailboxAvailable(config)) return { ...row, sentAt: now, provider: 'local' };
  // Production without a provider: nobody will ever read it. Keep the record of the attempt, never the body.
  log.error('mail not sent', { kind: mail.kind, reason: NO_PROVIDER });
  return { ...row, bodyText: '', bodyHtml: null, failedAt: now, lastError: NO_PROVIDER };
}

/** The outbox row of a message, to run inside the caller's batch. */
export function queueMail(db: Database, config: Config, mail: OutgoingMail, now = Date.now()) {
  return db
    .insert(mailOutbox)
    .values(outboxRow(config, mail, now))
    .returning({ id: mailOutbox.id });
}

/**
 * The same, written only when `condition` holds when the statement runs (an SQL condition on rows an earlier
 * statement of the batch wrote): a message about a change that may still be refused in the same batch.
 */
export function queueMailWhen(db: Database, config: Config, mail: OutgoingMail, condition: SQL, now = Date.now()) {
  const row = outboxRow(config, mail, now) as Record<string, unknown>;
  const keys = Object.keys(row).filter((key) => row[key] !== undefined) as (keyof typeof mailOutbox.$inferInsert)[];
  const columns = sql.join(
    keys.map((key) => sql.identifier(mailOutbox[key].name)),
    sql`, `,
  );
  const values = sql.join(
    keys.map((key) => sql`${row[key]}`),
    sql`, `,
  );
  return db.all<{ id: number }>(
    sql`insert into mail_outbox (${columns}) select ${values} where ${condition} returning id`,
  );
}

type OutboxRow = typeof mailOutbox.$inferSelect;

class PermanentMailError extends Error {}

async function sendWithResend(config: Config, row: OutboxRow): Promise<string> {
  const response = await fetch(`${config.RESEND_API_BASE.replace(/\/$/, '')}/emails`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${config.RESEND_API_KEY}`,
      'Content-Type': 'application/json',
      // Resend answers a repeated key with the first result: a retry after a lost answer sends nothing twice.
      'Idempotency-Key': `mail-outbox-${row.id}`,
    },
    body: JSON.stringify({
      from: config.MAIL_FROM,
      to: [row.toAddress],
      subject: row.subject,
      text: row.bodyText,
      html: row.bodyHtml ?? undefined,
    }),
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
  });
  const answer = (await response.json().catch(() => null)) as { id?: string; message?: string } | null;
  if (response.ok && answer?.id) return answer.id;
  const problem = `Resend answered HTTP ${response.status}${answer?.message ? `: ${answer.message}` : ''}`;
  // A refused message (bad address, bad key) will be refused again; throttling and server errors may pass later.
  if (response.status >= 400 && response.status < 500 && ![408, 409, 429].includes(response.status))
    throw new PermanentMailError(problem);
  throw new Error(problem);
}

async function sendWithCloudflare(config: Config, row: OutboxRow): Promise<string> {
  const result = await config.EMAIL!.send({
    from: config.MAIL_FROM!,
    to: row.toAddress,
    subject: row.subject,
    text: row.bodyText,
    html: row.bodyHtml ?? undefined,
  });
  return result.messageId;
}

export interface DeliveryReport {
  sent: number;
  retrying: number;
  failed: number;
}

/**
 * Delivers the messages that are due (or only `ids`): claims them in one round trip (so the cron and a request
 * never send the same message at once), sends each, and records every outcome in a second round trip.
 */
export async function deliverDueMail(
  db: Database,
  config: Config,
  options: { ids?: number[]; now?: number } = {},
): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, retrying: 0, failed: 0 };
  const provider = mailProviderName(config);
  if (provider === 'local') return report;
  const now = options.now ?? Date.now();

  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        isNull(mailOutbox.sentAt),
        isNull(mailOutbox.failedAt),
        lte(mailOutbox.nextAttemptAt, now),
        options.ids ? inArray(mailOutbox.id, options.ids) : undefined,
      ),
    )
    .orderBy(asc(mailOutbox.nextAttemptAt))
    .limit(DELIVERY_BATCH);
  const claimed = await db
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: now + CLAIM_LEASE_MS })
    .where(inArray(mailOutbox.id, due))
    .returning();
  if (claimed.length === 0) return report;

  const outcomes = await Promise.all(
    claimed.map(async (row) => {
      try {
        const messageId =
          provider === 'resend' ? await sendWithResend(config, row) : await sendWithCloudflare(config, row);
        return { row, messageId };
      } catch (error) {
        return {
          row,
          error: error instanceof Error ? error.message : String(error),
          permanent: error instanceof PermanentMailError,
        };
      }
    }),
  );

  const blankBodies = { bodyText: '', bodyHtml: null };
  const updates = outcomes.map((outcome) => {
    const where = eq(mailOutbox.id, outcome.row.id);
    if ('messageId' in outcome) {
      report.sent += 1;
      return db
        .update(mailOutbox)
        .set({ ...blankBodies, sentAt: now, provider, providerMessageId: outcome.messageId, lastError: null })
        .where(where);
    }
    log.error('mail attempt failed', { mailId: outcome.row.id, attempt: outcome.row.attempts, reason: outcome.error });
    if (outcome.permanent || outcome.row.attempts >= MAIL_MAX_ATTEMPTS) {
      report.failed += 1;
      return db
        .update(mailOutbox)
        .set({ ...blankBodies, failedAt: now, provider, lastError: outcome.error })
        .where(where);
    }
    report.retrying += 1;
    return db
      .update(mailOutbox)
      .set({ nextAttemptAt: now + retryDelay(outcome.row.attempts), provider, lastError: outcome.error })
      .where(where);
  });
  await db.batch(updates as [(typeof updates)[number], ...(typeof updates)[number][]]);
  return report;
}

/** The local mailbox: the newest messages first, optionally only those to one address. */
export function localMailbox(db: Database, to?: string, limit = 50) {
  return db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.toAddress,
      subject: mailOutbox.subject,
      text: mailOutbox.bodyText,
      html: mailOutbox.bodyHtml,
      kind: mailOutbox.kind,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.provider, 'local'), to ? eq(mailOutbox.toAddress, to) : undefined))
    .orderBy(sql`${mailOutbox.id} desc`)
    .limit(limit);
}
