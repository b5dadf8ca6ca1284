// Licences: a therapist submits a DOH certificate of registration, spa management an LGU sanitary or business permit,
// each with a photo of the document; an admin approves or rejects it; an approved licence that has not expired makes
// its owner "Licensed" (worker/services/licensed.ts). The photo is re-encoded like every photo and kept privately in
// R2 (worker/providers/media.ts storePrivateImage): it is served only here, to its owner and admins, never from
// /media/. Every check runs before anything is stored; a decision is one batch with its audit entry and the mail
// that tells the member. The admin's two procedures are registered on the admin router (admin.licences,
// admin.decideLicence).
import { encodeBase64 } from '@oslojs/encoding';
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  LICENCE_AUDIT_ACTIONS,
  LICENCE_DOCUMENT_FIELD,
  LICENCE_KINDS_BY_ROLE,
  LICENCE_PAGE_SIZE,
  LICENCE_TEXTS,
} from '../../common/licences.ts';
import {
  adminLicencesInput,
  decideLicenceInput,
  licenceFieldsInput,
  licenceIdInput,
} from '../../common/licences-input.ts';
import {
  adminLicenceAnswerSchema,
  adminLicencePageSchema,
  licenceAnswerSchema,
  licenceDocumentSchema,
  myLicencesSchema,
} from '../../common/licences-output.ts';
import { pageOf } from '../../common/page.ts';
import { manilaDay } from '../../common/time.ts';
import * as z from '../../common/zod.ts';
import { licences, users } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../errors.ts';
import { log } from '../log.ts';
import {
  imagesBinding,
  inspectImage,
  LICENCE_DOCUMENT_SCOPE,
  mediaBucket,
  reencodeImage,
  storePrivateImage,
} from '../providers/media.ts';
import { deliverDueMail, mailProviderName, queueMailWhen } from '../providers/mail.ts';
import { enforceRateLimit } from '../rate-limit.ts';
import { auditEntryIfFound } from '../services/audit.ts';
import { purgeSpaListing } from '../services/edge-cache.ts';
import {
  ADMIN_LICENCE_COLUMNS,
  LICENCE_COLUMNS,
  afterLicenceCursor,
  decisionMail,
  licenceCursor,
  toAdminLicence,
  toLicence,
} from '../services/licences.ts';
import { adminProcedure, adminReadProcedure, router, signedInProcedure } from '../trpc.ts';

/** The text fields of the form, each the first value sent under its name (files are not text fields). */
function textFields(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const name of ['kind', 'number', 'issuedBy', 'expiresOn']) {
    const value = form.get(name);
    if (typeof value === 'string') fields[name] = value;
  }
  return fields;
}

/** admin.licences: the queue of one state, newest first (GET /api/admin/licences?state=pending). */
export const adminLicencesProcedure = adminReadProcedure
  .input(adminLicencesInput)
  .output(adminLicencePageSchema)
  .query(async ({ ctx, input }) => {
    const after = afterLicenceCursor(input.cursor);
    if (!after) throw badRequest('That cursor is not one this list gave.');
    const [rows] = await ctx.readAsAdmin(
      () =>
        [
          ctx.db
            .select(ADMIN_LICENCE_COLUMNS)
            .from(licences)
            .innerJoin(users, eq(users.id, licences.userId))
            .where(and(eq(licences.state, input.state), after))
            .orderBy(desc(licences.createdAt), desc(licences.id))
            .limit(LICENCE_PAGE_SIZE + 1),
        ] as const,
    );
    const today = manilaDay();
    return pageOf(rows, LICENCE_PAGE_SIZE, (row) => toAdminLicence(row, today), licenceCursor);
  });

/**
 * admin.decideLicence: approve or reject a pending licence (POST /api/admin/licences/{id}). One batch: the decision
 * (only while still pending, so two admins cannot both decide), its audit entry and the member's mail, the last two
 * only when this decision took.
 */
export const decideLicenceProcedure = adminProcedure
  .input(decideLicenceInput)
  .output(adminLicenceAnswerSchema)
  .mutation(async ({ ctx, input }) => {
    const [found] = await ctx.db
      .select({ ...ADMIN_LICENCE_COLUMNS, email: users.email })
      .from(licences)
      .innerJoin(users, eq(users.id, licences.userId))
      .where(eq(licences.id, input.id));
    if (!found) throw notFound(LICENCE_TEXTS.notFound);
    if (found.state !== 'pending') throw conflict(LICENCE_TEXTS.alreadyDecided);
    const now = Date.now();
    const state = input.decision === 'approve' ? 'approved' : 'rejected';
    const decided = sql`exists (select 1 from licences where id = ${input.id} and decided_at = ${now} and decided_by = ${ctx.user.id})`;
    const mail = found.email ? decisionMail(ctx.config, found.member.name, found, input.decision, input.reason) : null;
    const [updated, , mailed] = await ctx.db.batch([
      ctx.db
        .update(licences)
        .set({ state, reason: input.reason, decidedAt: now, decidedBy: ctx.user.id })
        .where(and(eq(licences.id, input.id), eq(licences.state, 'pending')))
        .returning(LICENCE_COLUMNS),
      auditEntryIfFound(
        ctx.db,
        ctx.user,
        LICENCE_AUDIT_ACTIONS[input.decision],
        { type: 'licence', id: input.id, detail: { kind: found.kind, number: found.number, reason: input.reason } },
        sql`select ${found.member.name} as label where ${decided}`,
      ),
      mail
        ? queueMailWhen(ctx.db, ctx.config, { to: found.email!, ...mail, kind: 'licence_decision' }, decided, now)
        : ctx.db.all<{ id: number }>(sql`select 0 as id where 0`),
    ]);
    const row = updated[0];
    if (!row) throw conflict(LICENCE_TEXTS.alreadyDecided);
    if (mailed.length > 0 && mailProviderName(ctx.config) !== 'local')
      ctx.waitUntil(deliverDueMail(ctx.db, ctx.config, { ids: mailed.map((entry) => entry.id) }));
    // The badge shows on the map's popup: the cached listing goes.
    if (found.member.role === 'spa_management') await purgeSpaListing();
    return { licence: toAdminLicence({ ...row, member: found.member }) };
  });

export const licencesRouter = router({
  /**
   * POST /api/licences (multipart): kind, number, issuedBy, expiresOn and the document's photo. Therapists submit a
   * DOH certificate of registration, spa management a sanitary or business permit (another kind: 400), other roles
   * none (403). Every check, the photo's included, runs before anything is stored.
   */
  submit: signedInProcedure
    .input(z.instanceof(FormData))
    .output(licenceAnswerSchema)
    .mutation(async ({ ctx, input }) => {
      const kinds = LICENCE_KINDS_BY_ROLE[ctx.user.role];
      if (!kinds) throw forbidden(LICENCE_TEXTS.notForRole);
      await enforceRateLimit(ctx, ctx.env.UPLOAD_LIMITER, `licence:${ctx.user.id}`);
      const parsed = licenceFieldsInput.safeParse(textFields(input));
      if (!parsed.success) throw badRequest(parsed.error.issues[0]!.message);
      const fields = parsed.data;
      if (!kinds.includes(fields.kind)) throw badRequest(LICENCE_TEXTS.kindNotForRole);
      if (fields.expiresOn < manilaDay()) throw badRequest(LICENCE_TEXTS.expired);

      const bucket = mediaBucket(ctx.env);
      const images = imagesBinding(ctx.env);
      const upload = await inspectImage(input.get(LICENCE_DOCUMENT_FIELD), { field: LICENCE_DOCUMENT_FIELD });
      const [encoded] = await reencodeImage(images, upload, ['document']);
      const documentKey = await storePrivateImage(bucket, LICENCE_DOCUMENT_SCOPE, ctx.user.id, encoded!);
      try {
        const [row] = await ctx.db
          .insert(licences)
          .values({ userId: ctx.user.id, ...fields, documentKey, createdAt: Date.now() })
          .returning(LICENCE_COLUMNS);
        return { licence: toLicence(row!) };
      } catch (error) {
        await bucket
          .delete(documentKey)
          .catch((failure: unknown) => log.error('licence document left behind', { error: failure }));
        throw error;
      }
    }),

  /** GET /api/licences: the member's own licences, newest first, with their state. */
  mine: signedInProcedure.output(myLicencesSchema).query(async ({ ctx }) => {
    const rows = await ctx.db
      .select(LICENCE_COLUMNS)
      .from(licences)
      .where(eq(licences.userId, ctx.user.id))
      .orderBy(desc(licences.createdAt), desc(licences.id));
    const today = manilaDay();
    return { licences: rows.map((row) => toLicence(row, today)) };
  }),

  /**
   * GET /api/licences/{id}/document: the document's photo (base64 JPEG here; the REST path answers the image
   * itself), to its owner and admins only. Anyone else is told it does not exist (404), as for an unknown id. Never
   * cached: a private answer is `private, no-store` (worker/response-cache.ts).
   */
  document: signedInProcedure
    .input(licenceIdInput)
    .output(licenceDocumentSchema)
    .query(async ({ ctx, input }) => {
      const [row] = await ctx.db
        .select({ userId: licences.userId, documentKey: licences.documentKey })
        .from(licences)
        .where(eq(licences.id, input.id));
      if (!row || (row.userId !== ctx.user.id && ctx.user.role !== 'admin')) throw notFound(LICENCE_TEXTS.notFound);
      const object = await mediaBucket(ctx.env).get(row.documentKey);
      if (!object) throw notFound(LICENCE_TEXTS.documentMissing);
      return { contentType: 'image/jpeg' as const, data: encodeBase64(new Uint8Array(await object.arrayBuffer())) };
    }),
});
