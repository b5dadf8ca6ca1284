// Password reset tokens and their e-mail. A token is 256 random bits (base64url, 43 characters) that only ever
// exists in the e-mail; the database keeps its SHA-256 (hex). The e-mail has a plain-text and an HTML part and
// carries the absolute link to /reset-password.
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase64urlNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { PRODUCT_NAME } from '../../common/brand.ts';
import { escapeHtml } from '../../common/html.ts';
import { RESET_TOKEN_LIFETIME_MS } from '../../common/password-reset.ts';

const TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newResetToken(): { token: string; hash: string } {
  const bytes = new Uint8Array(TOKEN_BYTES);
  crypto.getRandomValues(bytes);
  const token = encodeBase64urlNoPadding(bytes);
  return { token, hash: hashResetToken(token) };
}

export function hashResetToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

/** True when the text has the shape of a token; anything else is refused before the database is asked. */
export function looksLikeResetToken(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}

export interface ResetMail {
  subject: string;
  text: string;
  html: string;
}

export function passwordResetMail(memberName: string, link: string): ResetMail {
  const minutes = RESET_TOKEN_LIFETIME_MS / 60_000;
  const subject = `Reset your ${PRODUCT_NAME} password`;
  const text = [
    `Hello ${memberName},`,
    '',
    `Someone asked to reset the password of your ${PRODUCT_NAME} account. To choose a new password, open this link:`,
    '',
    link,
    '',
    `The link works once and expires in ${minutes} minutes. Choosing a new password signs you out everywhere.`,
    '',
    'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    '',
    `— ${PRODUCT_NAME}`,
  ].join('\n');
  const name = escapeHtml(memberName);
  const href = escapeHtml(link);
  const html = `<!doctype html>
<html lang="en">
  <body style="margin:0;padding:24px;background:#f7f3ee;font-family:Arial,Helvetica,sans-serif;color:#1f1c19">
    <div style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:16px;padding:32px">
      <h1 style="margin:0 0 16px;font-size:22px">Reset your password</h1>
      <p style="margin:0 0 16px;line-height:1.5">Hello ${name},</p>
      <p style="margin:0 0 24px;line-height:1.5">Someone asked to reset the password of your ${escapeHtml(PRODUCT_NAME)} account. To choose a new password, use the button below.</p>
      <p style="margin:0 0 24px"><a href="${href}" style="display:inline-block;background:#1f6f5c;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 24px;border-radius:999px">Choose a new password</a></p>
      <p style="margin:0 0 16px;line-height:1.5;font-size:14px">Or open this link: <a href="${href}" style="color:#1f6f5c;word-break:break-all">${href}</a></p>
      <p style="margin:0 0 16px;line-height:1.5;font-size:14px">The link works once and expires in ${minutes} minutes. Choosing a new password signs you out everywhere.</p>
      <p style="margin:0;line-height:1.5;font-size:14px;color:#5c554d">If you did not ask for this, ignore this e-mail: your password stays as it is.</p>
    </div>
  </body>
</html>`;
  return { subject, text, html };
}
