// REST paths of password reset (spec, "The calls it makes") and the local mailbox.
import { Hono } from 'hono';
import { rest, type HonoEnv } from './adapter.ts';

export const passwordResetRoutes = new Hono<HonoEnv>()
  .post(
    '/forgot-password',
    rest((caller, { body }) => caller.passwordReset.request(body as never)),
  )
  .get(
    '/verify-reset-token',
    rest((caller, { query }) => caller.passwordReset.verify({ token: query.get('token') ?? '' })),
  )
  .post(
    '/reset-password',
    rest((caller, { body }) => caller.passwordReset.reset(body as never)),
  )
  .get(
    '/dev/mail',
    rest((caller, { query }) => caller.devMail.list({ to: query.get('to') ?? undefined })),
  );
