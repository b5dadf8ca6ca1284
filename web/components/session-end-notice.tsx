// Why the member was signed out, on the landing page and the sign-in form: "This account has been banned." after an
// admin banned the account while it was in use, or "Your account has been deleted." after the
// member deleted it (lib/session-end.ts). The landing page is prerendered without it: it is read from this
// tab's session storage once the page has hydrated, into an assertive live region that is already there, so screen
// readers announce it. The region has no alert role of its own: an empty alert would sit beside the sign-in form's own.
// When the form beside it already says the same words (a banned account tries to sign in), the notice stays out.
import { useSyncExternalStore } from 'react';
import { cn } from '../lib/cn.ts';
import { SESSION_END_TEXTS, sessionEndNotice } from '../lib/session-end.ts';

const noChanges = () => () => undefined;

export function SessionEndNotice({ className, besides }: { className?: string; besides?: string | null }) {
  const stored = useSyncExternalStore(
    noChanges,
    () => sessionEndNotice()?.reason ?? null,
    () => null,
  );
  const reason = stored && SESSION_END_TEXTS[stored] !== besides ? stored : null;
  return (
    <div aria-live="assertive" aria-atomic="true">
      {reason ? (
        <p
          className={cn(
            'rounded-2xl border px-4 py-3 text-sm font-semibold',
            reason === 'banned' ? 'border-red-200 bg-red-50 text-red-800' : 'border-sand-300 bg-white text-ink-900',
            className,
          )}
          data-testid="session-end-notice"
        >
          {SESSION_END_TEXTS[reason]}
        </p>
      ) : null}
    </div>
  );
}
