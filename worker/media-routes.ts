// GET /media/<key>: photos from the R2 bucket (worker/providers/media.ts), served with their own type, nosniff,
// an ETag and a one-year immutable cache (keys are content-addressed, so an object never changes).
import { Hono } from 'hono';
import type { HonoEnv } from './rest/adapter.ts';
import { MEDIA_PATH, serveMedia } from './providers/media.ts';

/** The object key a path names; a malformed %-escape (a lone `%`, an encoded surrogate) names none (404). */
function keyOf(path: string): string {
  try {
    return decodeURIComponent(path.slice(MEDIA_PATH.length));
  } catch {
    return '';
  }
}

export const mediaRoutes = new Hono<HonoEnv>().get('/*', (c) => serveMedia(c.env.MEDIA, keyOf(c.req.path), c.req.raw));
