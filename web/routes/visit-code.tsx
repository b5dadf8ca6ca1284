// /visits/code: a spa manager's visit code, to show at the counter. The 6 digits large and grouped ("123 456"), the
// time left before the next one, and the QR code of the link that fills them in on the client's phone
// (`/visits/new?code=…&spa=…`). The server answers the same code until it expires, then a new one; the screen asks
// again when it expires, and keeps the device's screen on while it shows (where the browser allows). The QR code
// library loads with this screen only.
import { useEffect } from 'react';
import { VISIT_CODE_SECONDS, VISIT_TEXTS } from '../../common/visits.ts';
import { LoadingView } from '../components/loading-view.tsx';
import { NoticePanel, PageShell } from '../components/page-shell.tsx';
import { Button } from '../components/ui/button.tsx';
import { QrCode } from '../components/visits/qr-code.tsx';
import { serverMessage } from '../lib/errors.ts';
import { useSessionUser } from '../lib/session.ts';
import { useNow } from '../lib/use-now.ts';
import { trpc } from '../trpc.ts';

/** After a code's end, the next is asked for this much later (the server's clock may be a little behind ours). */
const NEXT_CODE_DELAY_MS = 500;
/** How often an answer whose code has already ended locally is asked for again (a clock ahead of the server's). */
const RETRY_MS = 1000;

/** "123 456": two groups of three, as a person reads a code aloud. */
function groupedCode(code: string): string {
  return code.replace(/^(\d{3})(\d{3})$/u, '$1 $2');
}

export function VisitCodePage() {
  const session = useSessionUser();
  if (session.isPending) return <LoadingView />;
  if (session.data?.role !== 'spa_management') {
    return (
      <PageShell title="Visit code" back="/profile">
        <NoticePanel>{VISIT_TEXTS.onlySpasShowCodes}</NoticePanel>
      </PageShell>
    );
  }
  return <VisitCodeScreen />;
}

function VisitCodeScreen() {
  const code = trpc.visits.code.useQuery(undefined, {
    staleTime: 0,
    refetchOnWindowFocus: true,
    // Ask again once the code shown has ended.
    refetchInterval: (query) => {
      const expiresAt = query.state.data?.expiresAt;
      return expiresAt === undefined ? false : Math.max(RETRY_MS, expiresAt - Date.now() + NEXT_CODE_DELAY_MS);
    },
  });
  useScreenKeptOn();
  return (
    <PageShell title="Visit code" back="/profile">
      {code.isPending ? (
        <LoadingView inline label="Getting your visit code..." />
      ) : code.isError ? (
        <NoticePanel
          action={
            <Button variant="outline" onClick={() => void code.refetch()}>
              Try Again
            </Button>
          }
        >
          {serverMessage(code.error, 'We could not get your visit code. Please try again.')}
        </NoticePanel>
      ) : (
        <section
          aria-label="Visit code"
          className="grid grid-cols-1 justify-items-center gap-5 rounded-3xl border border-sand-200 bg-white px-4 py-6 text-center shadow-sm"
        >
          <p className="max-w-sm text-sm leading-relaxed text-ink-800">
            Show this to your client. They scan the QR code with their phone, or type the code in Record a visit, and
            their visit is recorded: their reviews of your spa then carry a Verified visit badge.
          </p>
          <p className="font-mono text-6xl font-bold tracking-wider text-black tabular-nums sm:text-7xl">
            <span data-testid="visit-code" aria-hidden="true">
              {groupedCode(code.data.code)}
            </span>
            {/* Read digit by digit, as the client types it. */}
            <span className="sr-only">Visit code {code.data.code.split('').join(' ')}</span>
          </p>
          <Countdown expiresAt={code.data.expiresAt} />
          <QrCode
            text={code.data.url}
            label="QR code of the visit code"
            className="aspect-square w-full max-w-64 rounded-xl border border-sand-200"
          />
          <p className="max-w-sm text-xs text-ink-700">
            A new code comes every {VISIT_CODE_SECONDS} seconds by itself; a code just replaced still works for a few
            seconds while your client types it.
          </p>
        </section>
      )}
    </PageShell>
  );
}

/** The seconds left before the next code, as a line and a bar that empties. */
function Countdown({ expiresAt }: { expiresAt: number }) {
  const now = useNow(1000);
  const left = Math.max(0, Math.ceil((expiresAt - now) / 1000));
  return (
    <div className="grid w-full max-w-64 gap-1.5">
      <p className="text-sm font-semibold text-ink-900">
        {left > 0 ? `New code in ${left} s` : 'Getting the next code...'}
      </p>
      <div className="h-1.5 overflow-hidden rounded-full bg-sand-100" aria-hidden="true">
        <div
          className="h-full rounded-full bg-brand-700 transition-[width] duration-1000 ease-linear"
          style={{ width: `${Math.min(100, (left / VISIT_CODE_SECONDS) * 100)}%` }}
        />
      </div>
    </div>
  );
}

/** While the code shows, the device's screen stays on (the Screen Wake Lock API, where the browser has it). */
function useScreenKeptOn() {
  useEffect(() => {
    let lock: WakeLockSentinel | null = null;
    let ended = false;
    const request = () => {
      if (document.visibilityState !== 'visible' || !('wakeLock' in navigator)) return;
      navigator.wakeLock.request('screen').then(
        (sentinel) => {
          if (ended) void sentinel.release();
          else lock = sentinel;
        },
        // Refused (a saving mode, a permission): the screen simply sleeps as it would.
        () => undefined,
      );
    };
    request();
    // The browser lets the lock go when the tab is hidden; it is asked for again when the tab shows.
    document.addEventListener('visibilitychange', request);
    return () => {
      ended = true;
      document.removeEventListener('visibilitychange', request);
      void lock?.release();
    };
  }, []);
}
