// The pages the e-mail links open, which work signed out too (the link is the proof): each sends its token once
// and says what came of it, the server's own words when it refused (the link is invalid or used, expired, or the
// address was taken meanwhile).
// - /confirm-email?token=... (the link mailed to a new address): POST /api/confirm-email; the address the account
//   now uses. A signed-in member's cached account is fetched again.
// - /undo-email-change?token=... (the link in the notice to the old address): POST /api/undo-email-change; the old
//   address is back and every device signed out, this one included, so the page offers a password reset and
//   signing in again.
import { getRouteApi, Link } from '@tanstack/react-router';
import { useEffect, useRef, type ReactNode } from 'react';
import { PRIVACY_TEXTS } from '../../common/privacy.ts';
import { ShieldIcon } from '../components/icons.tsx';
import { LoadingView } from '../components/loading-view.tsx';
import { NoticePanel, PageShell } from '../components/page-shell.tsx';
import { buttonClasses } from '../components/ui/button.tsx';
import { serverMessage } from '../lib/errors.ts';
import { useSessionUser } from '../lib/session.ts';
import { trpc } from '../trpc.ts';

const confirmRoute = getRouteApi('/confirm-email');
const undoRoute = getRouteApi('/undo-email-change');

/** What one kind of link's page says while it works, and when the link is incomplete or fails without a word. */
interface LinkTexts {
  title: string;
  working: string;
  missing: string;
  failed: string;
}

const CONFIRM: LinkTexts = {
  title: PRIVACY_TEXTS.confirmTitle,
  working: PRIVACY_TEXTS.confirming,
  missing: PRIVACY_TEXTS.confirmLinkMissing,
  failed: PRIVACY_TEXTS.confirmFailed,
};

const UNDO: LinkTexts = {
  title: PRIVACY_TEXTS.undoTitle,
  working: PRIVACY_TEXTS.undoing,
  missing: PRIVACY_TEXTS.undoLinkMissing,
  failed: PRIVACY_TEXTS.undoFailed,
};

export function ConfirmEmailPage() {
  const { token } = confirmRoute.useSearch();
  if (!token) return <Outcome texts={CONFIRM} title={PRIVACY_TEXTS.confirmFailedTitle} message={CONFIRM.missing} />;
  return <ConfirmWithToken key={token} token={token} />;
}

export function UndoEmailChangePage() {
  const { token } = undoRoute.useSearch();
  if (!token) return <Outcome texts={UNDO} title={PRIVACY_TEXTS.confirmFailedTitle} message={UNDO.missing} />;
  return <UndoWithToken key={token} token={token} />;
}

/** Sends the link's token once: a link works once, so a second request would only say it was used. */
function useSentOnce(send: (input: { token: string }) => void, token: string) {
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    send({ token });
  }, [send, token]);
}

function ConfirmWithToken({ token }: { token: string }) {
  const utils = trpc.useUtils();
  const confirm = trpc.privacy.confirmEmail.useMutation({
    // The page says what came of the link.
    meta: { errorToast: false },
    onSuccess: () => utils.account.me.invalidate(),
  });
  useSentOnce(confirm.mutate, token);
  return <LinkResult texts={CONFIRM} doneTitle={PRIVACY_TEXTS.confirmedTitle} mutation={confirm} />;
}

function UndoWithToken({ token }: { token: string }) {
  const utils = trpc.useUtils();
  const undo = trpc.privacy.undoEmailChange.useMutation({
    // The page says what came of the link.
    meta: { errorToast: false },
    // Every session of the account ended: this browser's member, if it was theirs, is nobody now.
    onSuccess: () => utils.invalidate(),
  });
  useSentOnce(undo.mutate, token);
  const afterUndo = (
    <div className="flex flex-wrap justify-center gap-3">
      <Link to="/forgot-password" className={buttonClasses('primary')}>
        {PRIVACY_TEXTS.resetPassword}
      </Link>
      <Link to="/auth" className={buttonClasses('outline')}>
        Sign in
      </Link>
    </div>
  );
  return <LinkResult texts={UNDO} doneTitle={PRIVACY_TEXTS.undoneTitle} mutation={undo} doneAction={afterUndo} />;
}

function LinkResult({
  texts,
  doneTitle,
  mutation,
  doneAction,
}: {
  texts: LinkTexts;
  doneTitle: string;
  mutation: { data?: { message: string }; isError: boolean; error: unknown };
  /** What the page offers once the link worked, instead of the way back to the profile. */
  doneAction?: ReactNode;
}) {
  if (mutation.data)
    return <Outcome texts={texts} title={doneTitle} message={mutation.data.message} done doneAction={doneAction} />;
  if (mutation.isError)
    return (
      <Outcome
        texts={texts}
        title={PRIVACY_TEXTS.confirmFailedTitle}
        message={serverMessage(mutation.error, texts.failed)}
      />
    );
  return <LoadingView label={texts.working} />;
}

function Outcome({
  texts,
  title,
  message,
  done = false,
  doneAction,
}: {
  texts: LinkTexts;
  title: string;
  message: string;
  done?: boolean;
  doneAction?: ReactNode;
}) {
  const { data: user } = useSessionUser();
  const action =
    done && doneAction ? (
      doneAction
    ) : user ? (
      <Link to={done ? '/profile' : '/privacy'} className={buttonClasses('primary')}>
        {done ? 'Go to your profile' : PRIVACY_TEXTS.title}
      </Link>
    ) : (
      <Link to="/auth" className={buttonClasses('primary')}>
        Sign in
      </Link>
    );
  return (
    <PageShell title={texts.title} back="/">
      <NoticePanel icon={<ShieldIcon size={28} />} action={action}>
        <strong className="mb-2 block font-display text-xl font-semibold text-ink-900">{title}</strong>
        <span role={done ? 'status' : 'alert'}>{message}</span>
      </NoticePanel>
    </PageShell>
  );
}
