// A licence's particulars as the member's Licences screen and the admin's queue both show them: number, issuing
// office and last valid day, and optionally when it was submitted.
import type { Licence } from '../../../common/licences.ts';
import { LICENCE_SCREEN_TEXTS } from '../../../common/licence-screens.ts';
import { startOfManilaDay } from '../../../common/time.ts';
import { formatDate } from '../../lib/format.ts';

export function LicenceDetails({ licence, submitted = false }: { licence: Licence; submitted?: boolean }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      <dt className="text-ink-600">{LICENCE_SCREEN_TEXTS.numberLabel}</dt>
      <dd className="min-w-0 break-words text-ink-900 [overflow-wrap:anywhere]">{licence.number}</dd>
      <dt className="text-ink-600">{LICENCE_SCREEN_TEXTS.issuedByLabel}</dt>
      <dd className="min-w-0 break-words text-ink-900 [overflow-wrap:anywhere]">{licence.issuedBy}</dd>
      <dt className="text-ink-600">{LICENCE_SCREEN_TEXTS.expiresOnLabel}</dt>
      <dd className="text-ink-900">{formatDate(startOfManilaDay(licence.expiresOn))}</dd>
      {submitted ? (
        <>
          <dt className="text-ink-600">{LICENCE_SCREEN_TEXTS.submittedOn}</dt>
          <dd className="text-ink-900">{formatDate(licence.createdAt)}</dd>
        </>
      ) : null}
    </dl>
  );
}
