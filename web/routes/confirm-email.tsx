// /confirm-email?token=... (issue 22 part 2): the page the confirmation link opens. It sends the token to
// POST /api/confirm-email once and says what came of it: the address the account now uses, or the server's own
// words (the link is invalid or used, expired, or the address was taken meanwhile). No session is needed: the link
// is the proof; a signed-in member's cached account is fetched again.
import { getRouteApi, Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { PRIVACY_TEXTS } from '../../common/privacy.ts';
import { ShieldIcon } from '../components/icons.tsx';
import { LoadingView } from '../components/loading-view.tsx';
import { NoticePanel, PageShell } from '../components/page-shell.tsx';
import { buttonClasses } from '../components/ui/button.tsx';
import { serverMessage } from '../lib/errors.ts';
import { useSessionUser } from '../lib/session.ts';
import { trpc } from '../trpc.ts';

const routeApi = getRouteApi('/confirm-email');

export function ConfirmEmailPage() {
  const { token } = routeApi.useSearch();
  if (!token) return <Outcome title={PRIVACY_TEXTS.confirmFailedTitle} message={PRIVACY_TEXTS.confirmLinkMissing} />;
  return <ConfirmWithToken key={token} token={token} />;
}

function ConfirmWithToken({ token }: { token: string }) {
  const utils = trpc.useUtils();
  const confirm = trpc.privacy.confirmEmail.useMutation({
    onSuccess: () => utils.account.me.invalidate(),
  });
  // One attempt per link: a link works once, so a second request would only say it was used.
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    confirm.mutate({ token });
  }, [confirm, token]);

  if (confirm.data) return <Outcome title={PRIVACY_TEXTS.confirmedTitle} message={confirm.data.message} confirmed />;
  if (confirm.isError) return <Outcome title={PRIVACY_TEXTS.confirmFailedTitle} message={serverMessage(confirm.error, PRIVACY_TEXTS.confirmFailed)} />;
  return <LoadingView label={PRIVACY_TEXTS.confirming} />;
}

function Outcome({ title, message, confirmed = false }: { title: string; message: string; confirmed?: boolean }) {
  const { data: user } = useSessionUser();
  return (
    <PageShell title={PRIVACY_TEXTS.confirmTitle} back="/">
      <NoticePanel
        icon={<ShieldIcon size={28} />}
        action={
          user ? (
            <Link to={confirmed ? '/profile' : '/privacy'} className={buttonClasses('primary')}>
              {confirmed ? 'Go to your profile' : PRIVACY_TEXTS.title}
            </Link>
          ) : (
            <Link to="/auth" className={buttonClasses('primary')}>
              Sign in
            </Link>
          )
        }
      >
        <strong className="mb-2 block font-display text-xl font-semibold text-ink-900">{title}</strong>
        <span role={confirmed ? 'status' : 'alert'}>{message}</span>
      </NoticePanel>
    </PageShell>
  );
}
