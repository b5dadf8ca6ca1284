// REST paths of licences: a member's own (submit one with its document's photo, list them, see the photo) and the
// admins' queue with its decisions. Each only calls the same tRPC procedure; the photo is answered as the JPEG.
import { LICENCE_DOCUMENT_FIELD, LICENCE_STORED_STATES } from '../../common/licences.ts';
import { decideLicenceBody, licenceFieldsInput } from '../../common/licences-input.ts';
import {
  adminLicenceAnswerSchema,
  adminLicenceSchema,
  licenceAnswerSchema,
  myLicencesSchema,
} from '../../common/licences-output.ts';
import * as z from '../../common/zod.ts';
import { decodeBase64 } from '@oslojs/encoding';
import { arrayPage, RestFile, withPathParameters } from './adapter.ts';
import type { RestDomain } from './openapi.ts';
import { cursorQuery, idParameter } from './parameters.ts';
import { jsonRoute, otherRoute } from './route.ts';

const byLicence = z.object({ licenceId: idParameter('The licence') });
const ADMINS = { roles: ['admin'] } as const;

export const licenceRoutes: RestDomain = {
  tag: 'Licences',
  description:
    'A therapist’s DOH certificate of registration, a spa’s LGU sanitary and business permits: submitted with a photo of the document, checked by an admin; an approved, unexpired one shows as Licensed.',
  routes: [
    jsonRoute({
      method: 'post',
      path: '/licences',
      summary: 'Submit a licence with a photo of the document',
      description:
        'Therapists submit `doh_registration`, spa management `sanitary_permit` or `business_permit` (another kind is 400). `expiresOn` is the last valid day (YYYY-MM-DD); one already past in Asia/Manila is 400 "This licence has expired.". The photo (`document`): JPEG, PNG or WebP by its bytes, at most 10 MB and 4096 x 4096 pixels, re-encoded as a JPEG and kept privately. Answers 201; the licence waits for an admin (`pending`).',
      access: { roles: ['therapist', 'spa_management'] },
      form: licenceFieldsInput.extend({
        [LICENCE_DOCUMENT_FIELD]: z.string().meta({ format: 'binary', description: 'The photo of the document.' }),
      }),
      errors: [413, 415, 429],
      status: 201,
      answer: licenceAnswerSchema,
      call: (caller, { body }) => caller.licences.submit(body),
    }),
    jsonRoute({
      method: 'get',
      path: '/licences',
      summary: 'The member’s own licences, with their state',
      access: 'member',
      answer: myLicencesSchema,
      call: (caller) => caller.licences.mine(),
    }),
    otherRoute({
      method: 'get',
      path: '/licences/{licenceId}/document',
      summary: 'The photo of a licence’s document (its owner and admins)',
      description: 'Anyone else is told 404, as for an unknown licence. Never cached (`private, no-store`).',
      access: 'member',
      params: byLicence,
      errors: [404],
      answer: { kind: 'file', contentType: 'image/jpeg', description: 'The document’s photo (JPEG, inline).' },
      call: async (caller, { params }) => {
        const file = await caller.licences.document({ id: params.licenceId });
        return new RestFile(
          `licence-${params.licenceId}.jpg`,
          file.contentType,
          new Uint8Array(decodeBase64(file.data)),
          'inline',
        );
      },
    }),
    jsonRoute({
      method: 'get',
      path: '/admin/licences',
      summary: 'Licences to check, newest first (admins)',
      description: '`state` is `pending` when left out.',
      access: ADMINS,
      query: cursorQuery.extend({ state: z.optional(z.enum(LICENCE_STORED_STATES)) }),
      answer: z.array(adminLicenceSchema),
      paging: 'cursor',
      call: async (caller, request) =>
        arrayPage(
          await caller.admin.licences({
            state: request.query.get('state') ?? undefined,
            cursor: request.query.get('cursor') ?? undefined,
          }),
          'cursor',
          request,
        ),
    }),
    jsonRoute({
      method: 'post',
      path: '/admin/licences/{licenceId}',
      summary: 'Approve or reject a licence (admins)',
      description:
        'A rejection needs a `reason` (400 without one); the member is mailed the decision. A licence already decided is 409.',
      access: ADMINS,
      params: byLicence,
      body: decideLicenceBody,
      errors: [404, 409],
      answer: adminLicenceAnswerSchema,
      call: (caller, { params, body }) =>
        caller.admin.decideLicence(withPathParameters(body, { id: params.licenceId })),
    }),
  ],
};
