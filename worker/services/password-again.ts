// The password asked again before what a stolen session must not do alone: deleting the account, and changing or
// removing its e-mail address (which decides where password resets go). Limited like sign-in, per client address
// and per account, before any hashing; a wrong password is 401 with the same words everywhere.
import { PRIVACY_TEXTS } from '../../common/privacy.ts';
import { verifyPassword } from '../../db/password.ts';
import { unauthorized } from '../errors.ts';
import { type Context } from '../trpc.ts';
import { enforceRateLimit } from '../rate-limit.ts';
import { addressKey } from './client-address.ts';
import type { UserRow } from './sessions.ts';

export async function confirmPasswordAgain(ctx: Context, member: UserRow, password: string): Promise<void> {
  await enforceRateLimit(ctx, ctx.env.LOGIN_ADDRESS_LIMITER, addressKey(ctx.clientIp));
  await enforceRateLimit(ctx, ctx.env.LOGIN_ACCOUNT_LIMITER, member.nameKey);
  if (!(await verifyPassword(password, member.passwordHash))) throw unauthorized(PRIVACY_TEXTS.wrongPassword);
}
