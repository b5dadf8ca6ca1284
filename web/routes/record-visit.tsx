// /visits/new: a client records a visit with the code the spa shows at its counter. The spa's QR code opens this
// address with the code and the spa filled in (`?code=…&spa=…`); a spa's profile opens it with the spa. With the spa
// known, the client may name the therapist who served them, from the spa's lineup. The code is typed (six digits, the
// phone's number pad, the one-time-code autofill) or scanned with the camera where the browser reads QR codes
// (BarcodeDetector; the button shows only there). The server's refusals (a wrong or expired code, a second visit
// today, too many tries) show at the field they concern. Signed out, the screen asks to sign in and comes back here.
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { recordVisitInput } from '../../common/visits-input.ts';
import { VERIFIED_VISIT_DAYS, VISIT_TEXTS, type Visit } from '../../common/visits.ts';
import { Avatar } from '../components/avatar.tsx';
import { LoadingView } from '../components/loading-view.tsx';
import { MemberName } from '../components/member-name.tsx';
import { NoticePanel, PageShell, SignInNotice } from '../components/page-shell.tsx';
import { Button, buttonClasses } from '../components/ui/button.tsx';
import { checkedBy, showServerErrors, submitHandler, useAppForm } from '../components/ui/form.tsx';
import { toast } from '../components/ui/use-toast.ts';
import { CodeScanner, canScanCodes } from '../components/visits/code-scanner.tsx';
import { fieldErrorsOf, serverMessage } from '../lib/errors.ts';
import { formatDate } from '../lib/format.ts';
import { useSessionUser } from '../lib/session.ts';
import type { ScannedLink, VisitLink } from '../lib/visit-link.ts';
import { trpc } from '../trpc.ts';

export function RecordVisitPage() {
  const session = useSessionUser();
  if (session.isPending) return <LoadingView />;
  if (!session.data) return <SignedOut />;
  if (session.data.role !== 'client') {
    return (
      <PageShell title="Record a visit" back="history">
        <NoticePanel>{VISIT_TEXTS.onlyClientsRecord}</NoticePanel>
      </PageShell>
    );
  }
  return <RecordVisitScreen />;
}

/** Someone who scanned the spa's QR code before signing in: sign in (or register) and come back to this address. */
function SignedOut() {
  return <SignInNotice title="Record a visit">Sign in as a client to record your visit.</SignInNotice>;
}

function RecordVisitScreen() {
  const search: VisitLink = useSearch({ from: '/visits/new' });
  const [recorded, setRecorded] = useState<Visit | null>(null);
  return (
    <PageShell title="Record a visit" back="history">
      {recorded ? (
        <Recorded visit={recorded} onAnother={() => setRecorded(null)} />
      ) : (
        // A new spa (a code scanned from another spa's QR) starts a new form with that spa's lineup.
        <VisitForm key={search.spa ?? 'any'} search={search} onRecorded={setRecorded} />
      )}
    </PageShell>
  );
}

/** The code without the space a person may type between its two groups ("123 456"). */
const digitsOf = (code: string) => code.replace(/\s+/gu, '');

interface VisitValues {
  code: string;
  /** The therapist's id as the select holds it; empty: none named. */
  therapistId: string;
}

function VisitForm({ search, onRecorded }: { search: VisitLink; onRecorded: (visit: Visit) => void }) {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const spaId = search.spa;
  const toInput = (values: VisitValues) => ({
    code: digitsOf(values.code),
    ...(spaId === undefined ? {} : { spaId }),
    therapistId: values.therapistId ? Number(values.therapistId) : null,
  });
  const record = trpc.visits.record.useMutation({
    // Every refusal shows at its field: the therapist's at the list, any other (the code, today's visit, too many
    // tries) at the code.
    meta: { errorToast: false },
    onError: (failure) => {
      const message = serverMessage(failure, 'The visit could not be recorded. Please try again.');
      const fields = fieldErrorsOf(failure);
      showServerErrors(
        form,
        fields.therapistId || message === VISIT_TEXTS.therapistNotInLineup
          ? { therapistId: fields.therapistId ?? message }
          : { code: fields.code ?? message },
      );
    },
    onSuccess: ({ visit }) => {
      toast({ variant: 'success', title: VISIT_TEXTS.recorded, description: visit.spaName });
      // The visit may make this member's reviews and gifts verified.
      void Promise.all([utils.visits.mine.invalidate(), utils.profiles.invalidate(), utils.recognition.invalidate()]);
      onRecorded(visit);
    },
  });
  const form = useAppForm({
    defaultValues: { code: search.code ?? '', therapistId: '' } satisfies VisitValues,
    validators: { onSubmit: checkedBy<VisitValues>(recordVisitInput, toInput) },
    onSubmit: ({ value }) => record.mutate(toInput(value)),
  });
  // The therapist who served the client, from the spa's lineup (optional; no list when the lineup is empty).
  const lineup = trpc.lineup.of.useQuery({ userId: spaId ?? 0 }, { enabled: spaId !== undefined });
  const therapists = lineup.data?.therapists ?? [];
  const [scanning, setScanning] = useState(false);
  const scanned = ({ code, spa }: ScannedLink) => {
    setScanning(false);
    form.setFieldValue('code', code);
    if (spa !== undefined && spa !== spaId) void navigate({ to: '/visits/new', search: { code, spa }, replace: true });
  };

  return (
    <section className="grid grid-cols-1 gap-5 rounded-3xl border border-sand-200 bg-white p-5 shadow-sm">
      {spaId === undefined ? (
        <p className="text-sm leading-relaxed text-ink-700">
          Ask the spa for its visit code: six digits shown at the counter, with a QR code that fills them in.
        </p>
      ) : (
        <SpaLine spaId={spaId} />
      )}
      <form noValidate onSubmit={submitHandler(form, record.reset)} className="grid gap-5" aria-label="Record a visit">
        <form.AppField name="code">
          {(field) => (
            <field.TextField
              id="visit-code"
              label="Visit code"
              hint="The 6 digits the spa shows, for example 123 456."
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9 ]*"
              maxLength={7}
              className="font-mono text-2xl tracking-widest"
              autoFocus={!search.code}
            />
          )}
        </form.AppField>
        {canScanCodes() ? (
          <Button variant="outline" className="justify-self-start" onClick={() => setScanning(true)}>
            Scan the code
          </Button>
        ) : null}
        {therapists.length > 0 ? (
          <form.AppField name="therapistId">
            {(field) => (
              <field.Select
                id="visit-therapist"
                label="Your therapist (optional)"
                placeholder="Not named"
                options={therapists.map((therapist) => ({ value: String(therapist.id), label: therapist.name }))}
              />
            )}
          </form.AppField>
        ) : null}
        <Button type="submit" size="lg" className="w-full" disabled={record.isPending}>
          {record.isPending ? 'Recording...' : 'Record visit'}
        </Button>
      </form>
      {scanning ? <CodeScanner onScanned={scanned} onClose={() => setScanning(false)} /> : null}
    </section>
  );
}

/** The spa the code is for, by the id the link gives (read as its profile is, so it counts as a view of the spa). */
function SpaLine({ spaId }: { spaId: number }) {
  const spa = trpc.profiles.profile.useQuery({ userId: spaId }, { retry: false });
  if (spa.isPending) return <LoadingView inline label="Loading the spa..." />;
  if (!spa.data || spa.data.role !== 'spa_management') {
    return <p className="text-sm text-ink-700">Enter the visit code the spa shows at its counter.</p>;
  }
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Avatar name={spa.data.name} picture={spa.data.profilePic} role="spa_management" size={48} />
      <p className="grid min-w-0 gap-0.5">
        <span className="text-xs font-semibold tracking-wide text-ink-700 uppercase">Visiting</span>
        <MemberName name={spa.data.name} className="font-display text-lg font-semibold text-ink-900" />
      </p>
    </div>
  );
}

function Recorded({ visit, onAnother }: { visit: Visit; onAnother: () => void }) {
  return (
    <section
      aria-label={VISIT_TEXTS.recorded}
      className="grid grid-cols-1 justify-items-center gap-4 rounded-3xl border border-emerald-200 bg-white px-5 py-8 text-center shadow-sm"
    >
      <h2 className="font-display text-2xl font-semibold text-ink-900">{VISIT_TEXTS.recorded}</h2>
      <p className="text-base text-ink-800 [overflow-wrap:anywhere]">
        {visit.spaName} · {formatDate(visit.visitedAt)}
        {visit.therapistName ? ` · with ${visit.therapistName}` : ''}
      </p>
      <p className="max-w-sm text-sm text-ink-700">
        A review, star or flower you give {visit.spaName} or its therapists in the next {VERIFIED_VISIT_DAYS} days
        carries a Verified visit badge.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link
          to="/write-review/$userSlug"
          params={{ userSlug: visit.spaSlug }}
          className={buttonClasses('primary', 'md', 'min-h-11')}
        >
          Write a review
        </Link>
        <Link to="/visits" className={buttonClasses('outline', 'md', 'min-h-11')}>
          My visits
        </Link>
      </div>
      <Button variant="ghost" onClick={onAnother}>
        Record another visit
      </Button>
    </section>
  );
}
