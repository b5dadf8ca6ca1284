// REST paths of premium: the page's data, the trial, checkout and PayMongo's webhook (which signs the raw body).
import { checkoutInput } from '../../common/premium.ts';
import {
  checkoutStartedSchema,
  premiumOverviewSchema,
  trialStartedSchema,
  webhookReceivedSchema,
} from '../../common/premium-output.ts';
import * as z from '../../common/zod.ts';
import type { RestDomain } from './openapi.ts';
import { jsonRoute } from './route.ts';

export const premiumRoutes: RestDomain = {
  tag: 'Premium',
  description: 'Plans and prices, the free trial, checkout through PayMongo, and PayMongo’s webhook.',
  routes: [
    jsonRoute({
      method: 'get',
      path: '/premium',
      summary: 'Plans with prices and savings, features, and the member’s premium state',
      access: 'anyone',
      answer: premiumOverviewSchema,
      call: (caller) => caller.premium.overview(),
    }),
    jsonRoute({
      method: 'post',
      path: '/premium/trial',
      summary: 'Start the free trial',
      description: '409 when the trial was used or the member is premium.',
      access: 'member',
      errors: [409],
      answer: trialStartedSchema,
      call: (caller) => caller.premium.startTrial(),
    }),
    jsonRoute({
      method: 'post',
      path: '/premium/checkout',
      summary: 'Start a checkout for a plan',
      description: '501 when payments are not set up.',
      access: 'member',
      body: checkoutInput,
      errors: [409, 429, 501, 502],
      answer: checkoutStartedSchema,
      call: (caller, { body }) => caller.premium.checkout(body),
    }),
    jsonRoute({
      method: 'post',
      path: '/premium/webhook',
      summary: 'PayMongo’s payment events',
      description:
        'Signed by PayMongo (`Paymongo-Signature` over the raw body); exempt from the Origin check. 404 where payments are not set up.',
      access: 'anyone',
      body: z.looseObject({}).meta({ description: 'A PayMongo event, as PayMongo sends it.' }),
      errors: [401, 404],
      answer: webhookReceivedSchema,
      call: (caller, { rawBody, requestHeaders }) =>
        caller.premium.paymongoWebhook({ payload: rawBody, signature: requestHeaders.get('Paymongo-Signature') ?? '' }),
    }),
  ],
};
