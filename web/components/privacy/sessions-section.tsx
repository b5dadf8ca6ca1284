// "Where you are signed in" (beyond the spec): the member's signed-in devices from GET /api/sessions, this one
// first and marked, each other one with its own Sign out, and Sign out everywhere else when there are others.
// The server ends the sessions and closes their chat sockets; the list is fetched again afterwards.
import type { SessionInfo } from '../../../common/privacy.ts';
import { PRIVACY_TEXTS } from '../../../common/privacy.ts';
import { serverMessage } from '../../lib/errors.ts';
import { formatDate } from '../../lib/format.ts';
import { trpc } from '../../trpc.ts';
import { LoadingView } from '../loading-view.tsx';
import { Button } from '../ui/button.tsx';
import { FormAlert } from '../ui/form-alert.tsx';
import { toast } from '../ui/use-toast.ts';
import { PrivacySection } from './privacy-section.tsx';

export function SessionsSection() {
  const utils = trpc.useUtils();
  const sessions = trpc.privacy.sessions.useQuery(undefined, { staleTime: 0 });
  const refresh = () => utils.privacy.sessions.invalidate();
  const endOne = trpc.privacy.endSession.useMutation({
    onSuccess: (answer) => {
      toast({ title: answer.message });
      return refresh();
    },
  });
  const endOthers = trpc.privacy.endOtherSessions.useMutation({
    onSuccess: (answer) => {
      toast({ title: answer.message });
      return refresh();
    },
  });

  const others = sessions.data?.filter((session) => !session.current) ?? [];
  return (
    <PrivacySection id="privacy-sessions" title={PRIVACY_TEXTS.sessionsHeading} intro={PRIVACY_TEXTS.sessionsIntro}>
      {sessions.isPending ? (
        <LoadingView inline />
      ) : sessions.isError ? (
        <FormAlert>{serverMessage(sessions.error, PRIVACY_TEXTS.sessionsFailed)}</FormAlert>
      ) : (
        <>
          <ul className="grid grid-cols-1 gap-2" aria-label="Signed-in devices">
            {sessions.data.map((session) => (
              <SessionRow
                key={session.id}
                session={session}
                ending={endOne.isPending && endOne.variables?.id === session.id}
                onEnd={() => endOne.mutate({ id: session.id })}
              />
            ))}
          </ul>
          {others.length > 0 ? (
            <Button
              variant="outline"
              className="w-full"
              disabled={endOthers.isPending}
              onClick={() => endOthers.mutate()}
            >
              {endOthers.isPending ? 'Signing out...' : PRIVACY_TEXTS.signOutOthers}
            </Button>
          ) : (
            <p className="text-sm text-ink-700">{PRIVACY_TEXTS.noOtherSessions}</p>
          )}
        </>
      )}
    </PrivacySection>
  );
}

function SessionRow({ session, ending, onEnd }: { session: SessionInfo; ending: boolean; onEnd: () => void }) {
  const device = session.device ?? PRIVACY_TEXTS.unknownDevice;
  return (
    <li
      aria-label={session.current ? `${device}, ${PRIVACY_TEXTS.thisDevice}` : device}
      className="flex min-w-0 items-center gap-3 rounded-2xl border border-sand-200 bg-sand-50 px-4 py-3"
    >
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="flex min-w-0 flex-wrap items-center gap-2 font-semibold text-ink-900">
          <span className="[overflow-wrap:anywhere]">{device}</span>
          {session.current ? (
            <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-brand-200 ring-inset">
              {PRIVACY_TEXTS.thisDevice}
            </span>
          ) : null}
        </p>
        <p className="text-sm text-ink-700 [overflow-wrap:anywhere]">{session.place ?? PRIVACY_TEXTS.unknownPlace}</p>
        <p className="text-xs text-ink-600">
          {PRIVACY_TEXTS.signedInOn(formatDate(session.createdAt))},{' '}
          {PRIVACY_TEXTS.lastSeenOn(formatDate(session.lastSeenAt))}
        </p>
      </div>
      {session.current ? null : (
        <Button
          variant="outline"
          size="sm"
          disabled={ending}
          onClick={onEnd}
          aria-label={`${PRIVACY_TEXTS.signOutSession}: ${device}`}
        >
          {ending ? 'Signing out...' : PRIVACY_TEXTS.signOutSession}
        </Button>
      )}
    </li>
  );
}
