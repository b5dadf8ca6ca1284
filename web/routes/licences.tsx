// /licences: a therapist's DOH certificate of registration, a spa's sanitary and business permits. What the Licensed
// badge means, the form that submits one (components/licences/licence-form.tsx), and the member's licences with
// their state (waiting, approved, rejected with the admin's reason, expired) and a link to the document's photo,
// which only its owner and admins may open. Other roles submit none and are told so.
import { Link } from '@tanstack/react-router';
import type { CurrentUser } from '../../common/account.ts';
import {
  LICENCE_KIND_LABELS,
  LICENCE_KINDS_BY_ROLE,
  LICENCE_STATE_LABELS,
  LICENCE_TEXTS,
  type Licence,
  type LicenceState,
} from '../../common/licences.ts';
import { LICENCE_SCREEN_TEXTS } from '../../common/licence-screens.ts';
import { ShieldIcon } from '../components/icons.tsx';
import { DocumentPhoto } from '../components/licences/document-photo.tsx';
import { LicenceDetails } from '../components/licences/licence-details.tsx';
import { LicenceForm } from '../components/licences/licence-form.tsx';
import { LoadingView } from '../components/loading-view.tsx';
import { NoticePanel, PageShell } from '../components/page-shell.tsx';
import { buttonClasses } from '../components/ui/button.tsx';
import { FormAlert } from '../components/ui/form-alert.tsx';
import { cn } from '../lib/cn.ts';
import { serverMessage } from '../lib/errors.ts';
import { useSessionUser } from '../lib/session.ts';
import { trpc } from '../trpc.ts';

export function LicencesPage() {
  const { data: user } = useSessionUser();
  return (
    <PageShell title={LICENCE_SCREEN_TEXTS.title} back="/profile">
      {user ? <Licences user={user} /> : <LoadingView inline />}
    </PageShell>
  );
}

function Licences({ user }: { user: CurrentUser }) {
  const kinds = LICENCE_KINDS_BY_ROLE[user.role];
  if (!kinds) {
    return (
      <NoticePanel
        icon={<ShieldIcon size={28} />}
        action={
          <Link to="/profile" className={buttonClasses('outline')}>
            {LICENCE_SCREEN_TEXTS.backToProfile}
          </Link>
        }
      >
        {LICENCE_TEXTS.notForRole}
      </NoticePanel>
    );
  }
  return (
    <div className="grid grid-cols-1 gap-5">
      <p className="flex items-start gap-2 rounded-2xl bg-brand-50 p-4 text-sm text-brand-900">
        <ShieldIcon size={20} className="mt-0.5 shrink-0 text-brand-700" />
        {LICENCE_TEXTS.badgeExplanation}
      </p>
      <MyLicences />
      <LicenceForm kinds={kinds} />
    </div>
  );
}

const STATE_CLASSES: Record<LicenceState, string> = {
  pending: 'bg-amber-100 text-amber-900',
  approved: 'bg-emerald-100 text-emerald-900',
  rejected: 'bg-red-100 text-red-800',
  expired: 'bg-sand-200 text-ink-800',
};

function MyLicences() {
  const mine = trpc.licences.mine.useQuery();
  return (
    <section aria-labelledby="my-licences-title" className="grid grid-cols-1 gap-3">
      <h2 id="my-licences-title" className="font-display text-lg font-semibold text-ink-900">
        {LICENCE_SCREEN_TEXTS.listHeading}
      </h2>
      {mine.isPending ? (
        <LoadingView inline />
      ) : mine.isError ? (
        <FormAlert>{serverMessage(mine.error, LICENCE_SCREEN_TEXTS.listFailed)}</FormAlert>
      ) : mine.data.licences.length === 0 ? (
        <p className="rounded-2xl border border-sand-200 bg-white p-4 text-sm text-ink-700">
          {LICENCE_SCREEN_TEXTS.none}
        </p>
      ) : (
        <ul className="grid grid-cols-1 gap-3">
          {mine.data.licences.map((licence) => (
            <LicenceCard key={licence.id} licence={licence} />
          ))}
        </ul>
      )}
    </section>
  );
}

function LicenceCard({ licence }: { licence: Licence }) {
  return (
    <li
      aria-label={`${LICENCE_KIND_LABELS[licence.kind]} ${licence.number}`}
      className="grid grid-cols-1 gap-2 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="min-w-0 font-semibold break-words text-ink-900">{LICENCE_KIND_LABELS[licence.kind]}</h3>
        <span
          data-testid="licence-state"
          className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold', STATE_CLASSES[licence.state])}
        >
          {LICENCE_STATE_LABELS[licence.state]}
        </span>
      </div>
      <LicenceDetails licence={licence} submitted />
      {licence.state === 'rejected' && licence.reason ? (
        <p className="rounded-xl bg-red-50 p-3 text-sm break-words text-red-800 [overflow-wrap:anywhere]">
          <span className="font-semibold">{LICENCE_SCREEN_TEXTS.reasonLabel}:</span> {licence.reason}
        </p>
      ) : null}
      <DocumentPhoto url={licence.documentUrl} alt={LICENCE_SCREEN_TEXTS.ownDocument} />
    </li>
  );
}
