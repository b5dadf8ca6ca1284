// The Cron Trigger (wrangler.toml [triggers]): every minute it delivers the mail that is due (first attempts
// whose request could not, and retries after their pause), and once an hour tidies the outbox, the spent reset
// tokens and the expired links that undo an e-mail change, releases the names of accounts deleted more than 30 days ago and removes the payments of former
// members that the books no longer need (ADR 022), and tells each owner of an approved licence, once, that it expires
// within 30 days.
import { lt, or, and, isNotNull } from 'drizzle-orm';
import { emailUndoTokens, mailOutbox, passwordResetTokens } from '../db/schema.ts';
import { getDatabase } from './db.ts';
import { readConfig, type Bindings } from './env.ts';
import { deliverDueMail } from './providers/mail.ts';
import { expiredPaymentStatements, releaseNameStatements } from './services/account-deletion.ts';
import { expiryNoticeStatements } from './services/licences.ts';
import { DAY_MS } from '../common/time.ts';
import { log } from './log.ts';

/** Delivered and failed messages (their bodies already blanked) are kept this long for reports. */
const OUTBOX_KEEP_MS = 30 * DAY_MS;

export async function runScheduledWork(env: Bindings, now = Date.now()): Promise<void> {
  const config = readConfig(env);
  const db = getDatabase(config);
  const report = await deliverDueMail(db, config, { now });
  if (report.sent + report.retrying + report.failed > 0) log.info('mail outbox', { ...report });
  // Once an hour (the first run of each hour), the tidy-up.
  if (new Date(now).getUTCMinutes() !== 0) return;
  await db.batch([
    db.delete(passwordResetTokens).where(lt(passwordResetTokens.createdAt, now - DAY_MS)),
    db.delete(emailUndoTokens).where(lt(emailUndoTokens.expiresAt, now)),
    db
      .delete(mailOutbox)
      .where(
        and(
          lt(mailOutbox.createdAt, now - OUTBOX_KEEP_MS),
          or(isNotNull(mailOutbox.sentAt), isNotNull(mailOutbox.failedAt)),
        ),
      ),
    ...releaseNameStatements(db, now),
    ...expiredPaymentStatements(db, now),
    ...(await expiryNoticeStatements(db, config, now)),
  ]);
}
