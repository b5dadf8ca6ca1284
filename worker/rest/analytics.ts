// REST paths of spa analytics: the weekly report, its CSV export, and the map's events.
import { Hono } from 'hono';
import { rest, RestFile, type HonoEnv } from './adapter.ts';

const reportInput = (query: URLSearchParams) => ({
  ...(query.has('weeks') ? { weeks: query.get('weeks') } : {}),
  ...(query.has('compare') ? { compare: query.get('compare') } : {}),
});

export const analyticsRoutes = new Hono<HonoEnv>()
  .get(
    '/analytics',
    rest((caller, { query }) => caller.analytics.report(reportInput(query) as never)),
  )
  .get(
    '/analytics/export',
    rest(async (caller, { query }) => {
      const file = await caller.analytics.exportCsv(reportInput(query) as never);
      return new RestFile(file.filename, 'text/csv; charset=utf-8', file.csv);
    }),
  )
  .post(
    '/analytics/events',
    rest((caller, request) => caller.analytics.record(request.body as never)),
  );
