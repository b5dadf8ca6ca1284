// REST paths of the account's privacy (ADR 022): thin adapters over the privacy procedures.
import { Hono } from 'hono';
import { manilaDay } from '../../common/time.ts';
import { RestFile, rest, type HonoEnv } from './adapter.ts';

export const privacyRoutes = new Hono<HonoEnv>()
  .get(
    '/sessions',
    rest((caller) => caller.privacy.sessions()),
  )
  // "Sign out everywhere else": every session of the member but the one asking.
  .post(
    '/sessions/end-others',
    rest((caller) => caller.privacy.endOtherSessions()),
  )
  .delete(
    '/sessions/:id',
    rest((caller, { params }) => caller.privacy.endSession({ id: params.id ?? '' })),
  )
  // "Download my data": the member's own data as a JSON attachment (there is no way to ask for anyone else's).
  .get(
    '/user/export',
    rest(async (caller) => {
      const data = await caller.privacy.exportData();
      return new RestFile(
        `spaconnect-data-${data.account.slug}-${manilaDay()}.json`,
        'application/json; charset=utf-8',
        JSON.stringify(data, null, 2),
      );
    }),
  )
  // Deletes the signed-in member's account; the body carries their password.
  .delete(
    '/user',
    rest((caller, { body }) => caller.privacy.deleteAccount(body as never)),
  )
  // The page the confirmation link opens (/confirm-email?token=…) sends the token here.
  .post(
    '/confirm-email',
    rest((caller, { body }) => caller.privacy.confirmEmail(body as never)),
  )
  // The page the undo link in the notice to the old address opens (/undo-email-change?token=…) sends the token here.
  .post(
    '/undo-email-change',
    rest((caller, { body }) => caller.privacy.undoEmailChange(body as never)),
  );
