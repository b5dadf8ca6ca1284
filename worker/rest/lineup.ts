// REST paths of the therapist lineup: the lineup of a member, invitations and their answers, ending a link.
import { inviteInput } from '../../common/lineup.ts';
import {
  lineupAnswerSchema,
  lineupEndedSchema,
  lineupInvitedSchema,
  lineupRespondedSchema,
} from '../../common/lineup-output.ts';
import * as z from '../../common/zod.ts';
import type { RestDomain } from './openapi.ts';
import { byUserId, idParameter } from './parameters.ts';
import { jsonRoute } from './route.ts';

const byLink = z.object({ linkId: idParameter('The lineup link') });

function answerRoute(answer: 'accept' | 'decline') {
  return jsonRoute({
    method: 'post',
    path: `/lineup/{linkId}/${answer}`,
    summary: `${answer === 'accept' ? 'Accept' : 'Decline'} a spa’s invitation (the therapist)`,
    access: 'member',
    params: byLink,
    errors: [403, 404, 409],
    answer: lineupRespondedSchema,
    call: (caller, { params }) => caller.lineup.respond({ linkId: params.linkId, accept: answer === 'accept' }),
  });
}

export const lineupRoutes: RestDomain = {
  tag: 'Lineup',
  description: 'The therapists a spa lists, and the spas a therapist works at: invitations, answers and ending a link.',
  routes: [
    jsonRoute({
      method: 'get',
      path: '/users/{userId}/lineup',
      summary: 'A spa’s or therapist’s lineup (with its invitations, to its owner)',
      access: 'anyone',
      params: byUserId,
      errors: [404],
      answer: lineupAnswerSchema,
      call: (caller, { params }) => caller.lineup.of({ userId: params.userId }),
    }),
    jsonRoute({
      method: 'post',
      path: '/lineup/invitations',
      summary: 'Invite a therapist to the spa’s lineup (spa management)',
      access: { roles: ['spa_management'] },
      body: inviteInput,
      errors: [404, 409, 429],
      answer: lineupInvitedSchema,
      call: (caller, { body }) => caller.lineup.invite(body),
    }),
    answerRoute('accept'),
    answerRoute('decline'),
    jsonRoute({
      method: 'delete',
      path: '/lineup/{linkId}',
      summary: 'End a lineup link (either side)',
      access: 'member',
      params: byLink,
      errors: [403, 404, 409],
      answer: lineupEndedSchema,
      call: (caller, { params }) => caller.lineup.end({ linkId: params.linkId }),
    }),
  ],
};
