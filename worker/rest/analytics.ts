// REST paths of spa analytics: the weekly report, its CSV export, and the map's events.
import { eventInput } from '../../common/analytics.ts';
import { analyticsAnswerSchema, analyticsEventAnswerSchema } from '../../common/analytics-output.ts';
import * as z from '../../common/zod.ts';
import { RestFile } from './adapter.ts';
import type { RestDomain } from './openapi.ts';
import { jsonRoute, otherRoute } from './route.ts';

const reportQuery = z.object({
  weeks: z.optional(z.string()).meta({ description: 'How many weeks (1–52; premium beyond the free weeks).' }),
  compare: z.optional(z.enum(['true', 'false'])).meta({ description: 'Each week beside the one before.' }),
});

const reportInput = (query: URLSearchParams) => ({
  ...(query.has('weeks') ? { weeks: query.get('weeks') } : {}),
  ...(query.has('compare') ? { compare: query.get('compare') } : {}),
});

export const analyticsRoutes: RestDomain = {
  tag: 'Analytics',
  description: 'A spa’s weekly views, clicks, reviews and recognition, and the map’s events that count them.',
  routes: [
    jsonRoute({
      method: 'get',
      path: '/analytics',
      summary: 'The spa’s weekly report (spa management)',
      access: { roles: ['spa_management'] },
      query: reportQuery,
      answer: analyticsAnswerSchema,
      call: (caller, { query }) => caller.analytics.report(reportInput(query)),
    }),
    otherRoute({
      method: 'get',
      path: '/analytics/export',
      summary: 'The weekly report as CSV (spa management)',
      access: { roles: ['spa_management'] },
      query: reportQuery,
      answer: { kind: 'file', contentType: 'text/csv', description: 'The report, one week a row (an attachment).' },
      call: async (caller, { query }) => {
        const file = await caller.analytics.exportCsv(reportInput(query));
        return new RestFile(file.filename, 'text/csv; charset=utf-8', file.csv);
      },
    }),
    jsonRoute({
      method: 'post',
      path: '/analytics/events',
      summary: 'Count a map event on a spa (a popup opened, directions asked)',
      access: 'member',
      body: eventInput,
      errors: [404, 429],
      answer: analyticsEventAnswerSchema,
      call: (caller, { body }) => caller.analytics.record(body),
    }),
  ],
};
