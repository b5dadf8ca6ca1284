// REST paths of the therapist lineup: the lineup of a member, invitations and their answers, ending a link.
import { Hono } from 'hono';
import { rest, type HonoEnv } from './adapter.ts';

export const lineupRoutes = new Hono<HonoEnv>()
  .get(
    '/users/:userId/lineup',
    rest((caller, { params }) => caller.lineup.of({ userId: params.userId } as never)),
  )
  .post(
    '/lineup/invitations',
    rest((caller, request) => caller.lineup.invite(request.body as never)),
  )
  .post(
    '/lineup/:linkId/accept',
    rest((caller, { params }) => caller.lineup.respond({ linkId: params.linkId, accept: true } as never)),
  )
  .post(
    '/lineup/:linkId/decline',
    rest((caller, { params }) => caller.lineup.respond({ linkId: params.linkId, accept: false } as never)),
  )
  .delete(
    '/lineup/:linkId',
    rest((caller, { params }) => caller.lineup.end({ linkId: params.linkId } as never)),
  );
