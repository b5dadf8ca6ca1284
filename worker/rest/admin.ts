// REST paths of the admin dashboard and member search (spec, "The calls it makes"; docs/rest.md lists them), and of the
// moderation queue and audit log (beyond the spec). Each only calls the same tRPC procedure.
import { adminSearchInput, MODERATION_ACTIONS, REPORT_KINDS, reviewReportInput, spaInput } from '../../common/admin.ts';
import {
  adminSpaSchema,
  adminUserSchema,
  auditEntrySchema,
  banAnswerSchema,
  chatBotAnswerSchema,
  chatbotUserSchema,
  dashboardAnalyticsSchema,
  dashboardStatsSchema,
  moderationItemSchema,
  resolvedReportSchema,
  spaDeletedSchema,
  spaImageUploadedSchema,
} from '../../common/admin-output.ts';
import { reviewReportSentSchema } from '../../common/reviews-output.ts';
import { memberSearchInput } from '../../common/search-input.ts';
import { memberSearchResultSchema } from '../../common/search-output.ts';
import * as z from '../../common/zod.ts';
import { spaListSchema } from '../routers/spas.ts';
import { arrayPage, withPathParameters } from './adapter.ts';
import type { RestDomain } from './openapi.ts';
import { byMemberId, byUserId, cursorQuery, idParameter } from './parameters.ts';
import { jsonRoute, type Access } from './route.ts';

const ADMINS: Access = { roles: ['admin'] };
const bySpa = z.object({ id: idParameter('The spa') });

function banRoute(action: 'ban' | 'unban') {
  return jsonRoute({
    method: 'post',
    path: `/admin/${action}-user/{id}`,
    summary: action === 'ban' ? 'Ban a member (ends their sessions)' : 'Lift a member’s ban',
    access: ADMINS,
    params: byMemberId,
    errors: [404],
    answer: banAnswerSchema,
    call: (caller, { params }) =>
      action === 'ban' ? caller.admin.banUser({ userId: params.id }) : caller.admin.unbanUser({ userId: params.id }),
  });
}

export const adminRoutes: RestDomain = {
  tag: 'Admin',
  description:
    'Spa listings, members, bans and the chatbot flag, the dashboard, moderation and the audit log; and member search.',
  routes: [
    // Every signed-in member reads the listings (their public fields); admins read the dashboard's.
    jsonRoute({
      method: 'get',
      path: '/spas',
      summary: 'The spa listings (admins get the dashboard’s fields)',
      access: 'member',
      answer: spaListSchema,
      call: (caller) => caller.spas.list(),
    }),
    jsonRoute({
      method: 'post',
      path: '/spas',
      summary: 'Create a spa listing',
      access: ADMINS,
      body: spaInput,
      errors: [404],
      answer: adminSpaSchema,
      call: (caller, { body }) => caller.admin.createSpa(body),
    }),
    jsonRoute({
      method: 'patch',
      path: '/spas/{id}',
      summary: 'Change a spa listing',
      description: 'Send at least one field to change.',
      access: ADMINS,
      params: bySpa,
      body: spaInput.partial(),
      errors: [404],
      answer: adminSpaSchema,
      call: (caller, { params, body }) => caller.admin.updateSpa(withPathParameters(body, { id: params.id })),
    }),
    jsonRoute({
      method: 'delete',
      path: '/spas/{id}',
      summary: 'Delete a spa listing',
      access: ADMINS,
      params: bySpa,
      errors: [404],
      answer: spaDeletedSchema,
      call: (caller, { params }) => caller.admin.deleteSpa({ id: params.id }),
    }),
    jsonRoute({
      method: 'post',
      path: '/spas/{id}/upload-image',
      summary: 'Upload a spa listing’s photo',
      description: 'JPEG, PNG or WebP, at most 10 MB; re-encoded on the server.',
      access: ADMINS,
      params: bySpa,
      form: z.object({ spaImage: z.string().meta({ format: 'binary', description: 'The photo.' }) }),
      errors: [404],
      answer: spaImageUploadedSchema,
      call: (caller, { params, body }) => {
        // The procedure takes one form; the spa is the one the address names, whatever the form says.
        const form = body instanceof FormData ? body : new FormData();
        form.set('id', params.id ?? '');
        return caller.admin.uploadSpaImage(form);
      },
    }),
    // Users, bans and the chatbot flag
    jsonRoute({
      method: 'get',
      path: '/admin/stats',
      summary: 'The dashboard’s counts',
      access: ADMINS,
      answer: dashboardStatsSchema,
      call: (caller) => caller.admin.stats(),
    }),
    jsonRoute({
      method: 'get',
      path: '/admin/users',
      summary: 'The latest members',
      access: ADMINS,
      answer: z.array(adminUserSchema),
      call: (caller) => caller.admin.users(),
    }),
    jsonRoute({
      method: 'post',
      path: '/admin/search-users',
      summary: 'Search members by a field',
      access: ADMINS,
      body: adminSearchInput,
      answer: z.array(adminUserSchema),
      call: (caller, { body }) => caller.admin.searchUsers(body),
    }),
    banRoute('ban'),
    banRoute('unban'),
    jsonRoute({
      method: 'patch',
      path: '/admin/chatbot/{userId}',
      summary: 'Set a member’s chatbot flag',
      access: ADMINS,
      params: byUserId,
      body: z.object({ chatBot: z.boolean() }),
      errors: [404],
      answer: chatBotAnswerSchema,
      call: (caller, { params, body }) => caller.admin.setChatBot(withPathParameters(body, { userId: params.userId })),
    }),
    // The spec answers the users; the next page is named as search-users names it, the counts in headers.
    jsonRoute({
      method: 'get',
      path: '/admin/chatbots',
      summary: 'Members with their chatbot flag, a page at a time',
      description: '`X-Total-Count` and `X-Active-Chatbots` carry the counts.',
      access: ADMINS,
      query: z.object({ page: z.optional(z.string()).meta({ description: 'The page, from 1.' }) }),
      answer: z.array(chatbotUserSchema),
      paging: 'page',
      call: async (caller, request) => {
        const answer = await caller.admin.chatbots({ page: request.query.get('page') ?? undefined });
        request.headers.set('X-Total-Count', String(answer.total));
        request.headers.set('X-Active-Chatbots', String(answer.activeCount));
        return arrayPage(answer, 'page', request);
      },
    }),
    jsonRoute({
      method: 'get',
      path: '/admin/analytics',
      summary: 'The dashboard’s charts',
      access: ADMINS,
      answer: dashboardAnalyticsSchema,
      call: (caller) => caller.admin.analytics(),
    }),
    // Moderation and the audit log
    jsonRoute({
      method: 'get',
      path: '/admin/reports',
      summary: 'The moderation queue',
      access: ADMINS,
      query: z.object({ state: z.optional(z.enum(['open', 'handled'])) }),
      answer: z.array(moderationItemSchema),
      call: (caller, { query }) => caller.admin.moderationQueue({ state: query.get('state') ?? undefined }),
    }),
    jsonRoute({
      method: 'post',
      path: '/admin/reports/{kind}/{id}',
      summary: 'Decide a report',
      access: ADMINS,
      params: z.object({ kind: z.enum(REPORT_KINDS), id: idParameter('The report') }),
      body: z.object({ action: z.enum(MODERATION_ACTIONS) }),
      errors: [404, 409],
      answer: resolvedReportSchema,
      call: (caller, { params, body }) =>
        caller.admin.resolveReport(withPathParameters(body, { kind: params.kind, id: params.id })),
    }),
    jsonRoute({
      method: 'get',
      path: '/admin/audit-log',
      summary: 'What admins did, newest first',
      access: ADMINS,
      query: cursorQuery,
      answer: z.array(auditEntrySchema),
      paging: 'cursor',
      call: async (caller, request) =>
        arrayPage(await caller.admin.auditLog({ cursor: request.query.get('cursor') ?? undefined }), 'cursor', request),
    }),
    // Members
    jsonRoute({
      method: 'post',
      path: '/reviews/{reviewId}/report',
      summary: 'Report a review to the moderators',
      access: 'member',
      params: z.object({ reviewId: idParameter('The review') }),
      body: reviewReportInput.omit({ reviewId: true }),
      errors: [404, 409, 429],
      answer: reviewReportSentSchema,
      call: (caller, { params, body }) =>
        caller.reviews.report(withPathParameters(body, { reviewId: params.reviewId })),
    }),
    // The spec answers a user array; the next page's number, when there is one, is in the X-Next-Cursor header.
    jsonRoute({
      method: 'post',
      path: '/search-users',
      summary: 'Search members by name',
      access: 'member',
      body: memberSearchInput,
      errors: [429],
      answer: z.array(memberSearchResultSchema),
      paging: 'page',
      call: async (caller, request) => arrayPage(await caller.search.members(request.body), 'page', request),
    }),
  ],
};
