// REST paths of the account's privacy (ADR 022): thin adapters over the privacy procedures.
import {
  confirmEmailInput,
  deleteAccountInput,
  sessionIdInput,
  undoEmailChangeInput,
} from '../../common/privacy-input.ts';
import {
  accountDeletedSchema,
  dataExportSchema,
  emailChangedSchema,
  otherSessionsEndedSchema,
  sessionEndedSchema,
  sessionInfoSchema,
} from '../../common/privacy-output.ts';
import { manilaDay } from '../../common/time.ts';
import * as z from '../../common/zod.ts';
import { RestFile } from './adapter.ts';
import type { RestDomain } from './openapi.ts';
import { jsonRoute, otherRoute } from './route.ts';

export const privacyRoutes: RestDomain = {
  tag: 'Privacy',
  description: 'The member’s sessions, their data, deleting the account, and the links mailed on an email change.',
  routes: [
    jsonRoute({
      method: 'get',
      path: '/sessions',
      summary: 'The member’s signed-in sessions',
      access: 'member',
      answer: z.array(sessionInfoSchema),
      call: (caller) => caller.privacy.sessions(),
    }),
    // "Sign out everywhere else": every session of the member but the one asking.
    jsonRoute({
      method: 'post',
      path: '/sessions/end-others',
      summary: 'Sign out everywhere else',
      access: 'member',
      answer: otherSessionsEndedSchema,
      call: (caller) => caller.privacy.endOtherSessions(),
    }),
    jsonRoute({
      method: 'delete',
      path: '/sessions/{id}',
      summary: 'End one of the member’s sessions',
      access: 'member',
      params: sessionIdInput,
      errors: [404],
      answer: sessionEndedSchema,
      call: (caller, { params }) => caller.privacy.endSession({ id: params.id ?? '' }),
    }),
    // "Download my data": the member's own data as a JSON attachment (there is no way to ask for anyone else's).
    otherRoute({
      method: 'get',
      path: '/user/export',
      summary: 'Download my data',
      description: 'The member’s own data, as a JSON attachment.',
      access: 'member',
      answer: {
        kind: 'file',
        contentType: 'application/json',
        description: 'The member’s data (an attachment).',
        schema: dataExportSchema,
      },
      call: async (caller) => {
        const data = await caller.privacy.exportData();
        return new RestFile(
          `spaconnect-data-${data.account.slug}-${manilaDay()}.json`,
          'application/json; charset=utf-8',
          JSON.stringify(data, null, 2),
        );
      },
    }),
    jsonRoute({
      method: 'delete',
      path: '/user',
      summary: 'Delete the member’s account',
      access: 'member',
      description: 'The body carries the member’s password. The last admin is refused with 409.',
      body: deleteAccountInput,
      errors: [409, 429],
      answer: accountDeletedSchema,
      call: (caller, { body }) => caller.privacy.deleteAccount(body),
    }),
    // The page the confirmation link opens (/confirm-email?token=…) sends the token here.
    jsonRoute({
      method: 'post',
      path: '/confirm-email',
      summary: 'Confirm a new email address',
      access: 'anyone',
      body: confirmEmailInput,
      errors: [409, 429],
      answer: emailChangedSchema,
      call: (caller, { body }) => caller.privacy.confirmEmail(body),
    }),
    // The page the undo link in the notice to the old address opens (/undo-email-change?token=…) sends the token here.
    jsonRoute({
      method: 'post',
      path: '/undo-email-change',
      summary: 'Undo an email change from the old address',
      access: 'anyone',
      body: undoEmailChangeInput,
      errors: [409, 429],
      answer: emailChangedSchema,
      call: (caller, { body }) => caller.privacy.undoEmailChange(body),
    }),
  ],
};
