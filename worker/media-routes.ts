// GET /media/<key>: photos from the R2 bucket (worker/services/media.ts), served with their own type, nosniff,
// an ETag and a one-year immutable cache (keys are content-addressed, so an object never changes).
import { Hono } from 'hono';
import type { HonoEnv } from './rest/adapter.ts';
import { MEDIA_PATH, serveMedia } from './services/media.ts';

export const mediaRoutes = new Hono<HonoEnv>().get('/*', (c) =>
  serveMedia(c.env.MEDIA, decodeURIComponent(c.req.path.slice(MEDIA_PATH.length)), c.req.raw),
);
