// /red-flags and /red-flags/{userSlug} (spec, "Red flag history: /red-flags/:userSlug"): the same layout as medals,
// titled My Red Flags or Red Flags I've Given (another member's page is never titled My Red Flags, even while it
// loads or is refused). Only the lists the member's role can fill show (historySides). Visible only to the flagged
// member, spa management, therapists and admins (the server answers 403 otherwise). A flag older than a year no
// longer counts; the flagged member may dispute a flag once.
import { useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { RED_FLAG_DISPUTE_MAX_CHARACTERS } from '../../common/limits.ts';
import { RECOGNITION_MESSAGES } from '../../common/recognition.ts';
import {
  historyOwner,
  HistoryProblem,
  SidedHistoryLists,
  sidedHistoryTitle,
} from '../components/recognition/history-list.tsx';
import { LoadingView } from '../components/loading-view.tsx';
import { PageShell } from '../components/page-shell.tsx';
import { Button } from '../components/ui/button.tsx';
import { Dialog } from '../components/ui/dialog.tsx';
import { firstError, submitHandler, useAppForm } from '../components/ui/form.tsx';
import { toast } from '../components/ui/use-toast.ts';
import { useSessionUser } from '../lib/session.ts';
import { trpc } from '../trpc.ts';

const DISPUTE_FAILED_TITLE = 'Dispute not sent';

const DISPUTE_LABELS: Record<string, string> = {
  open: 'Dispute under review',
  upheld: 'Dispute declined',
  removed: 'Removed after dispute',
};

export function RedFlagsPage() {
  const { userSlug } = useParams({ strict: false });
  const { data: me } = useSessionUser();
  const history = trpc.recognition.redFlagHistory.useQuery(userSlug ? { slug: userSlug } : {}, { retry: false });
  const [disputing, setDisputing] = useState<number | null>(null);
  const member = history.data?.user;
  const owner = historyOwner(userSlug, member, me);
  const own = owner === 'own';
  const role = member?.role ?? (own ? me?.role : undefined);
  return (
    <PageShell title={sidedHistoryTitle('red_flag', 'Red Flags', owner, role, member?.name)} back="history">
      {history.isPending ? (
        <LoadingView />
      ) : history.isError ? (
        <HistoryProblem error={history.error} />
      ) : (
        <SidedHistoryLists
          kind="red_flag"
          noun="Red Flags"
          empty={{ given: 'No red flags given yet.', received: 'No red flags received yet.' }}
          history={history.data}
          decorate={(entry, side) => ({
            badge: entry.counts ? null : <span className="rounded-full bg-sand-100 px-2 py-0.5">No longer counts</span>,
            extra: (
              <>
                {entry.description ? (
                  <p className="text-sm text-ink-700 [overflow-wrap:anywhere]">{entry.description}</p>
                ) : null}
                {entry.disputeState ? (
                  <p className="text-xs font-semibold text-ink-700">
                    {DISPUTE_LABELS[entry.disputeState] ?? entry.disputeState}
                  </p>
                ) : null}
                {side === 'received' && own && entry.counts && !entry.disputeState ? (
                  <Button variant="outline" size="sm" className="min-h-11 w-fit" onClick={() => setDisputing(entry.id)}>
                    Dispute
                  </Button>
                ) : null}
              </>
            ),
          })}
        />
      )}
      {disputing !== null ? <DisputeDialog redFlagId={disputing} onClose={() => setDisputing(null)} /> : null}
    </PageShell>
  );
}

/** A dispute's statement is required; the refusal, the browser's or the server's, is a toast over the dialog. */
function DisputeDialog({ redFlagId, onClose }: { redFlagId: number; onClose: () => void }) {
  const utils = trpc.useUtils();
  const dispute = trpc.recognition.disputeRedFlag.useMutation({
    meta: { errorTitle: DISPUTE_FAILED_TITLE },
    onSuccess: () => {
      toast({ variant: 'success', title: 'Dispute Sent', description: 'A moderator will review this red flag.' });
      void utils.recognition.redFlagHistory.invalidate();
      onClose();
    },
  });
  const form = useAppForm({
    defaultValues: { statement: '' },
    validators: {
      onSubmit: ({ value }) => (value.statement.trim() ? undefined : RECOGNITION_MESSAGES.disputeRequired),
    },
    onSubmitInvalid: ({ formApi }) =>
      toast({ variant: 'destructive', title: DISPUTE_FAILED_TITLE, description: firstError(formApi.state.errors) }),
    onSubmit: ({ value }) => dispute.mutate({ redFlagId, statement: value.statement }),
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Dispute Red Flag"
      description="Tell the moderators briefly why this red flag is wrong."
    >
      <form className="grid gap-3" onSubmit={submitHandler(form)} noValidate>
        <form.AppField name="statement">
          {(field) => (
            <field.TextArea
              id="dispute-statement"
              label="Your statement"
              maxLength={RED_FLAG_DISPUTE_MAX_CHARACTERS}
              className="min-h-28"
            />
          )}
        </form.AppField>
        <Button type="submit" disabled={dispute.isPending}>
          {dispute.isPending ? 'Sending...' : 'Send Dispute'}
        </Button>
      </form>
    </Dialog>
  );
}
