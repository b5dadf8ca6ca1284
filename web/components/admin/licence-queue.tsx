// The moderation queue's licences: the submitted ones in one state (pending first), newest first, each with its
// member, kind, number, issuing office, last valid day and the document's photo (its private address, which an
// admin's session may read). Approve goes at once; Reject asks for the reason the member is told, required by the
// form and by the server. A decision refreshes the queue, the audit log and the member's badge wherever it shows.
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import {
  LICENCE_KIND_LABELS,
  LICENCE_REASON_MAX_LENGTH,
  LICENCE_STATE_LABELS,
  LICENCE_STORED_STATES,
  LICENCE_TEXTS,
  type AdminLicence,
} from '../../../common/licences.ts';
import { decideLicenceInput } from '../../../common/licences-input.ts';
import { LICENCE_SCREEN_TEXTS } from '../../../common/licence-screens.ts';
import { ROLE_LABELS } from '../../../common/roles.ts';
import { fieldErrorsOf, serverMessage } from '../../lib/errors.ts';
import { formatDate } from '../../lib/format.ts';
import { trpc } from '../../trpc.ts';
import { DocumentPhoto } from '../licences/document-photo.tsx';
import { LicenceDetails } from '../licences/licence-details.tsx';
import { LoadingView } from '../loading-view.tsx';
import { StateFilter } from './state-filter.tsx';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { FormAlert } from '../ui/form-alert.tsx';
import { checkedBy, showServerErrors, submitHandler, useAppForm } from '../ui/form.tsx';
import { toast } from '../ui/use-toast.ts';

type QueueState = (typeof LICENCE_STORED_STATES)[number];

export function LicenceQueue() {
  const [state, setState] = useState<QueueState>('pending');
  const queue = trpc.admin.licences.useInfiniteQuery(
    { state },
    { getNextPageParam: (page) => page.nextCursor ?? undefined },
  );
  const items = queue.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-labelledby="licence-queue-title" className="grid grid-cols-1 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="licence-queue-title" className="font-display text-xl font-semibold text-ink-900">
          {LICENCE_SCREEN_TEXTS.queueHeading}
        </h2>
        <StateFilter
          label={LICENCE_SCREEN_TEXTS.queueShown}
          states={LICENCE_STORED_STATES}
          value={state}
          onChange={setState}
          labelOf={(each) => LICENCE_STATE_LABELS[each]}
        />
      </div>
      {queue.isPending ? (
        <LoadingView inline />
      ) : queue.isError ? (
        <FormAlert>{serverMessage(queue.error, LICENCE_SCREEN_TEXTS.queueFailed)}</FormAlert>
      ) : items.length === 0 ? (
        <p className="rounded-2xl border border-sand-200 bg-white p-6 text-center text-ink-700">
          {LICENCE_SCREEN_TEXTS.queueEmpty}
        </p>
      ) : (
        <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
          {items.map((licence) => (
            <LicenceCard key={licence.id} licence={licence} />
          ))}
        </ul>
      )}
      {queue.hasNextPage ? (
        <Button variant="outline" onClick={() => void queue.fetchNextPage()} disabled={queue.isFetchingNextPage}>
          {LICENCE_SCREEN_TEXTS.more}
        </Button>
      ) : null}
    </section>
  );
}

/**
 * A decision, and what it changes: the queue, the dashboard's counts and log, and the member's badge on every
 * screen. A failure is the one toast, unless `onRefused` shows it (the reject dialog, at its reason).
 */
function useDecideLicence(onDone: () => void, onRefused?: (error: unknown) => void) {
  const utils = trpc.useUtils();
  return trpc.admin.decideLicence.useMutation({
    meta: onRefused ? { errorToast: false } : { errorTitle: LICENCE_SCREEN_TEXTS.decisionFailed },
    onError: onRefused,
    onSuccess: (_, { decision }) => {
      toast({ variant: 'success', title: decision === 'approve' ? LICENCE_TEXTS.approved : LICENCE_TEXTS.rejected });
      onDone();
      void Promise.all([
        utils.admin.licences.invalidate(),
        utils.admin.auditLog.invalidate(),
        utils.admin.stats.invalidate(),
        utils.profiles.invalidate(),
        utils.map.users.invalidate(),
        utils.search.invalidate(),
      ]);
    },
  });
}

function LicenceCard({ licence }: { licence: AdminLicence }) {
  const [rejecting, setRejecting] = useState(false);
  const decide = useDecideLicence(() => setRejecting(false));
  const kind = LICENCE_KIND_LABELS[licence.kind];
  return (
    <li
      aria-label={`${kind} ${licence.number}`}
      className="grid grid-cols-1 gap-3 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="rounded-full bg-sand-100 px-2 py-0.5 font-semibold text-ink-800">{kind}</span>
        <span className="rounded-full bg-brand-50 px-2 py-0.5 font-semibold text-brand-800">
          {LICENCE_STATE_LABELS[licence.state]}
        </span>
        <span className="text-ink-600">{formatDate(licence.createdAt)}</span>
      </div>
      <p className="text-sm break-words text-ink-800">
        <Link
          to="/profile/$userSlug"
          params={{ userSlug: licence.member.slug }}
          className="font-semibold text-brand-800 hover:underline"
        >
          {licence.member.name}
        </Link>{' '}
        · {ROLE_LABELS[licence.member.role]}
      </p>
      <LicenceDetails licence={licence} />
      <DocumentPhoto url={licence.documentUrl} alt={LICENCE_SCREEN_TEXTS.documentOf(licence.member.name)} />
      {licence.reason ? (
        <p className="text-sm break-words text-ink-800 [overflow-wrap:anywhere]">
          <span className="font-semibold">{LICENCE_SCREEN_TEXTS.reasonLabel}:</span> {licence.reason}
        </p>
      ) : null}
      {licence.decidedAt ? (
        <p className="text-xs text-ink-600">
          {LICENCE_SCREEN_TEXTS.decidedBy(LICENCE_STATE_LABELS[licence.state], formatDate(licence.decidedAt))}
        </p>
      ) : null}
      {licence.state === 'pending' ? (
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            disabled={decide.isPending}
            aria-label={`${LICENCE_SCREEN_TEXTS.approve} ${licence.member.name}'s ${kind}`}
            onClick={() => decide.mutate({ id: licence.id, decision: 'approve' })}
          >
            {LICENCE_SCREEN_TEXTS.approve}
          </Button>
          <Button
            size="sm"
            variant="destructive"
            disabled={decide.isPending}
            aria-label={`${LICENCE_SCREEN_TEXTS.reject} ${licence.member.name}'s ${kind}`}
            onClick={() => setRejecting(true)}
          >
            {LICENCE_SCREEN_TEXTS.reject}
          </Button>
        </div>
      ) : null}
      {rejecting ? <RejectDialog licence={licence} onClose={() => setRejecting(false)} /> : null}
    </li>
  );
}

interface RejectValues {
  reason: string;
}

function RejectDialog({ licence, onClose }: { licence: AdminLicence; onClose: () => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  // The dialog shows a refusal itself: at the reason, or above its buttons.
  const reject = useDecideLicence(onClose, (error) => {
    const fields = fieldErrorsOf(error);
    if (fields.reason) showServerErrors(form, { reason: fields.reason });
    else setFailure(serverMessage(error, 'Please try again.'));
  });
  const form = useAppForm({
    defaultValues: { reason: '' } as RejectValues,
    validators: {
      onSubmit: checkedBy<RejectValues>(decideLicenceInput, ({ reason }) => ({
        id: licence.id,
        decision: 'reject',
        reason,
      })),
    },
    onSubmit: ({ value }) => reject.mutate({ id: licence.id, decision: 'reject', reason: value.reason }),
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !reject.isPending && onClose()}
      title={LICENCE_SCREEN_TEXTS.rejectTitle}
      description={`${LICENCE_KIND_LABELS[licence.kind]} ${licence.number} · ${licence.member.name}`}
    >
      <form className="grid grid-cols-1 gap-3" noValidate onSubmit={submitHandler(form, () => setFailure(null))}>
        <form.AppField name="reason">
          {(field) => (
            <field.TextArea
              id={`licence-reason-${licence.id}`}
              label={LICENCE_SCREEN_TEXTS.rejectReasonLabel}
              rows={3}
              maxLength={LICENCE_REASON_MAX_LENGTH}
              className="[overflow-wrap:anywhere]"
            />
          )}
        </form.AppField>
        <FormAlert>{failure}</FormAlert>
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose} disabled={reject.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive" disabled={reject.isPending}>
            {LICENCE_SCREEN_TEXTS.reject}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
