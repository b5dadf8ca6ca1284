// A new e-mail address is confirmed before it is used (ADR 022): the link mailed to it carries a token of 256
// random bits of which the database keeps only the SHA-256 (the password reset's tokens,
// worker/services/password-reset.ts), and the old address is told once the change is made, with a link of the same
// kind that undoes it (the old address back, every device signed out). The e-mails are here.
import { sql, type SQL } from 'drizzle-orm';
import { PRODUCT_NAME } from '../../common/brand.ts';
import { escapeHtml } from '../../common/html.ts';
import {
  EMAIL_CHANGE_UNDO_LIFETIME_DAYS,
  EMAIL_CHANGE_UNDO_LIFETIME_MS,
  EMAIL_CONFIRMATION_LIFETIME_MS,
} from '../../common/privacy.ts';
import type { Database } from '../db.ts';
import type { Config } from '../env.ts';
import { queueMailWhen } from '../providers/mail.ts';
import { hashResetToken, looksLikeResetToken, newResetToken } from './password-reset.ts';

export { hashResetToken as hashEmailToken, looksLikeResetToken as looksLikeEmailToken, newResetToken as newEmailToken };

/** "j•••n@example.com": enough for the owner of the old address to recognise the new one, not to copy it. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return '•••';
  const local = address.slice(0, at);
  const shown = local.length <= 2 ? `${local[0]}•••` : `${local[0]}•••${local.at(-1)}`;
  return `${shown}${address.slice(at)}`;
}

interface Mail {
  subject: string;
  text: string;
  html: string;
}

/** The HTML of a notice: its heading, paragraphs and an optional button (every mail of the platform looks alike). */
export function mailPage(heading: string, paragraphs: string[], button?: { label: string; href: string }): string {
  const body = paragraphs
    .map((paragraph) => `<p style="margin:0 0 16px;line-height:1.5">${paragraph}</p>`)
    .join('\n      ');
  const action = button
    ? `<p style="margin:0 0 24px"><a href="${button.href}" style="display:inline-block;background:#1f6f5c;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 24px;border-radius:999px">${button.label}</a></p>
      <p style="margin:0 0 16px;line-height:1.5;font-size:14px">Or open this link: <a href="${button.href}" style="color:#1f6f5c;word-break:break-all">${button.href}</a></p>`
    : '';
  return `<!doctype html>
<html lang="en">
  <body style="margin:0;padding:24px;background:#f7f3ee;font-family:Arial,Helvetica,sans-serif;color:#1f1c19">
    <div style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:16px;padding:32px">
      <h1 style="margin:0 0 16px;font-size:22px">${heading}</h1>
      ${body}
      ${action}
    </div>
  </body>
</html>`;
}

/** To the new address: the link that makes it the account's address. */
export function emailConfirmationMail(memberName: string, link: string): Mail {
  const hours = EMAIL_CONFIRMATION_LIFETIME_MS / 3_600_000;
  const subject = `Confirm your new ${PRODUCT_NAME} e-mail address`;
  const text = [
    `Hello ${memberName},`,
    '',
    `You asked to use this address for your ${PRODUCT_NAME} account. To confirm it, open this link:`,
    '',
    link,
    '',
    `The link works once and expires in ${hours} hours. Until then your account keeps its current address.`,
    '',
    'If you did not ask for this, ignore this e-mail: nothing changes.',
    '',
    `— ${PRODUCT_NAME}`,
  ].join('\n');
  const html = mailPage(
    'Confirm your e-mail address',
    [
      `Hello ${escapeHtml(memberName)},`,
      `You asked to use this address for your ${escapeHtml(PRODUCT_NAME)} account. To confirm it, use the button below.`,
      `The link works once and expires in ${hours} hours. Until then your account keeps its current address. If you did not ask for this, ignore this e-mail: nothing changes.`,
    ],
    { label: 'Confirm this address', href: escapeHtml(link) },
  );
  return { subject, text, html };
}

/**
 * To the old address, once the change is made (or the address removed), with the link that undoes it: the address
 * comes back to the account and every device is signed out.
 */
function emailChangedMail(memberName: string, newAddress: string | null, undoLink: string): Mail {
  const what = newAddress ? `now ${maskEmail(newAddress)}` : 'removed';
  const subject = newAddress
    ? `Your ${PRODUCT_NAME} e-mail address was changed`
    : `Your ${PRODUCT_NAME} e-mail address was removed`;
  const advice = `If this was not you, undo the change: the link puts this address back on your account and signs out every device. It works once, for ${EMAIL_CHANGE_UNDO_LIFETIME_DAYS} days. Then reset your password.`;
  const text = [
    `Hello ${memberName},`,
    '',
    `The e-mail address of your ${PRODUCT_NAME} account is ${what}. Password reset links no longer come to this address.`,
    '',
    advice,
    '',
    undoLink,
    '',
    `— ${PRODUCT_NAME}`,
  ].join('\n');
  const html = mailPage(
    newAddress ? 'Your e-mail address was changed' : 'Your e-mail address was removed',
    [
      `Hello ${escapeHtml(memberName)},`,
      `The e-mail address of your ${escapeHtml(PRODUCT_NAME)} account is ${escapeHtml(what)}. Password reset links no longer come to this address.`,
      escapeHtml(advice),
    ],
    { label: 'Undo this change', href: escapeHtml(undoLink) },
  );
  return { subject, text, html };
}

/**
 * The statements that tell the old address of a change, to run in the change's batch before it: the undo link's
 * token, then the notice (which answers its message's id). Both are written only when `when` holds as they run
 * (the change goes ahead).
 */
export function changedNoticeStatements(
  db: Database,
  config: Config,
  change: { userId: number; memberName: string; oldAddress: string; newAddress: string | null },
  when: SQL,
  now: number,
) {
  const { token, hash } = newResetToken();
  const link = `${config.APP_URL}/undo-email-change?token=${token}`;
  return [
    db.run(sql`insert into email_undo_tokens (token_hash, user_id, old_email, expires_at, created_at)
      select ${hash}, ${change.userId}, ${change.oldAddress}, ${now + EMAIL_CHANGE_UNDO_LIFETIME_MS}, ${now} where ${when}`),
    queueMailWhen(
      db,
      config,
      { to: change.oldAddress, ...emailChangedMail(change.memberName, change.newAddress, link), kind: 'email_changed' },
      when,
      now,
    ),
  ] as const;
}
