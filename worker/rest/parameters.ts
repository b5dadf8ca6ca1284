// The path and query parameters several REST paths share, as the OpenAPI document describes them. The adapters
// hand them to the procedures as they came; the procedures' inputs (and member() for ids) decide what they name.
import * as z from '../../common/zod.ts';
import { notFound } from '../errors.ts';
import { PROFILE_TEXTS, type ProfileRef } from '../../common/profile.ts';

const ID_PATTERN = /^[1-9][0-9]{0,15}$/;

/** A row's id in a path: a positive integer. */
export const idParameter = (what: string) =>
  z
    .string()
    .regex(ID_PATTERN)
    .meta({ description: `${what}'s id.`, example: '42' });

export const byMemberId = z.object({ id: idParameter('The member') });
export const byUserId = z.object({ userId: idParameter('The member') });

/** The cursor of a list's next page, as its `Link` header gives it. */
export const cursorQuery = z.object({
  cursor: z.optional(z.string()).meta({ description: 'The next page’s cursor, from the previous answer’s `Link`.' }),
});

/** A member id from the path; anything that is not one names nobody (404, as the spec's profile paths answer). */
export function member(id: string | undefined): ProfileRef {
  if (!id || !ID_PATTERN.test(id)) throw notFound(PROFILE_TEXTS.userNotFound);
  return { userId: Number(id) };
}
