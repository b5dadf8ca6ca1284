// REST paths of verified visits: the spa's current code, recording a visit with it, and one's own visits.
import { recordVisitInput } from '../../common/visits-input.ts';
import { visitCodeAnswerSchema, visitRecordedSchema, visitSchema } from '../../common/visits-output.ts';
import * as z from '../../common/zod.ts';
import { arrayPage } from './adapter.ts';
import type { RestDomain } from './openapi.ts';
import { cursorQuery } from './parameters.ts';
import { jsonRoute } from './route.ts';

export const visitRoutes: RestDomain = {
  tag: 'Visits',
  description:
    'Visits a client records with the code a spa shows at its counter; they make reviews and recognition verified.',
  routes: [
    jsonRoute({
      method: 'get',
      path: '/visits/code',
      summary: 'The spa’s current visit code and the link its QR code carries (spa management)',
      description: 'The same code is answered until `expiresAt`, then a new one; a code is accepted 30 s after it.',
      access: { roles: ['spa_management'] },
      answer: visitCodeAnswerSchema,
      call: (caller) => caller.visits.code(),
    }),
    jsonRoute({
      method: 'post',
      path: '/visits',
      summary: 'Record a visit with the spa’s code (a client)',
      description:
        'One visit per client and spa a Manila day (409). A wrong or expired code is 400; attempts are limited per member and per spa (429).',
      access: { roles: ['client'] },
      body: recordVisitInput,
      errors: [409, 429],
      status: 201,
      answer: visitRecordedSchema,
      call: (caller, { body }) => caller.visits.record(body),
    }),
    jsonRoute({
      method: 'get',
      path: '/visits',
      summary: 'One’s own recorded visits, newest first',
      access: 'member',
      query: cursorQuery,
      paging: 'cursor',
      answer: z.array(visitSchema),
      call: async (caller, request) =>
        arrayPage(
          await caller.visits.mine(request.query.has('cursor') ? { cursor: request.query.get('cursor') } : {}),
          'cursor',
          request,
        ),
    }),
  ],
};
