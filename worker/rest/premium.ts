// REST paths of premium: the page's data, the trial, checkout and PayMongo's webhook (which signs the raw body).
import { Hono } from 'hono';
import { rest, type HonoEnv } from './adapter.ts';

export const premiumRoutes = new Hono<HonoEnv>()
  .get(
    '/premium',
    rest((caller) => caller.premium.overview()),
  )
  .post(
    '/premium/trial',
    rest((caller) => caller.premium.startTrial()),
  )
  .post(
    '/premium/checkout',
    rest((caller, { body }) => caller.premium.checkout(body as never)),
  )
  .post(
    '/premium/webhook',
    rest((caller, { rawBody, requestHeaders }) =>
      caller.premium.paymongoWebhook({ payload: rawBody, signature: requestHeaders.get('Paymongo-Signature') ?? '' }),
    ),
  );
