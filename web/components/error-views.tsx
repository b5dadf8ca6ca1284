// Fallback screens: an unknown address, and an error thrown while rendering a route.
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { Button, buttonClasses } from './ui/button.tsx';

function Centered({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="flex min-h-app flex-col items-center justify-center gap-4 bg-sand-50 px-6 text-center">
      <h1 className="font-display text-2xl font-semibold text-ink-900">{title}</h1>
      {children}
    </main>
  );
}

export function NotFoundView() {
  return (
    <Centered title="Page not found">
      <p className="max-w-sm text-ink-700">There is nothing at this address.</p>
      <Link to="/" className={buttonClasses('primary')}>
        Go Home
      </Link>
    </Centered>
  );
}

/**
 * Code of the app that failed to load (a dropped connection, or a deploy that replaced the app's files): the browser
 * and React keep the failed import, so trying again in place fails again, and only loading the page fetches it anew.
 * The messages are Chromium's, Firefox's and Safari's.
 */
function isFailedCodeLoad(error: unknown): boolean {
  return error instanceof Error && /dynamically imported module|Importing a module script failed/i.test(error.message);
}

/**
 * An error thrown while rendering a route: the message (the profile has its own), Try Again and Go Home. Try Again
 * loads the page again when what failed was loading the app's own code.
 */
export function ErrorFallback({ error, reset, message }: { error: unknown; reset: () => void; message: string }) {
  const router = useRouter();
  return (
    <Centered title="Something went wrong">
      <p className="max-w-sm text-ink-700">{message}</p>
      <div className="flex gap-3">
        <Button
          onClick={() => {
            if (isFailedCodeLoad(error)) {
              window.location.reload();
              return;
            }
            reset();
            void router.invalidate();
          }}
        >
          Try Again
        </Button>
        <Link to="/" className={buttonClasses('outline')}>
          Go Home
        </Link>
      </div>
    </Centered>
  );
}

export function RouteErrorView({ error, reset }: ErrorComponentProps) {
  useEffect(() => {
    console.error('Route error:', error);
  }, [error]);
  return <ErrorFallback error={error} reset={reset} message="This page encountered an error. Please try again." />;
}

/** The session could not be read (server unreachable, offline): say so and offer a retry. */
export function SessionErrorView({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <Centered title="Can't connect right now">
      <p className="max-w-sm text-ink-700">We couldn't reach the server. Check your connection and try again.</p>
      <Button onClick={onRetry} disabled={retrying}>
        {retrying ? 'Please wait...' : 'Try Again'}
      </Button>
    </Centered>
  );
}
