// The registration captcha behind one interface, whatever the server's provider: ALTCHA (the embedded default,
// self-hosted proof of work), Cloudflare Turnstile or Google reCAPTCHA. The widget reports a token when it is
// solved and null when it is not (any more). To reset it, the parent remounts it (changes its `key`).
// The widget code is loaded only when the registration form shows, so the landing page stays small.
import { lazy, Suspense, type ReactNode } from 'react';
import { trpc } from '../../trpc.ts';
import { Button } from '../ui/button.tsx';

export interface CaptchaProps {
  onToken: (token: string | null) => void;
}

const AltchaWidget = lazy(() => import('./altcha-widget.tsx'));
const SiteCaptcha = lazy(() => import('./site-captcha.tsx'));

function Placeholder({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-[4.5rem] items-center justify-center rounded-xl border border-dashed border-sand-300 bg-white px-4 text-sm text-ink-600">
      {children}
    </div>
  );
}

export function Captcha({ onToken }: CaptchaProps) {
  const config = trpc.account.captchaConfig.useQuery();
  if (config.isPending) return <Placeholder>Loading verification...</Placeholder>;
  if (config.isError) {
    return (
      <Placeholder>
        <span className="mr-3">The verification could not load.</span>
        <Button size="sm" variant="outline" onClick={() => void config.refetch()}>
          Retry
        </Button>
      </Placeholder>
    );
  }
  const { provider, siteKey } = config.data;
  return (
    <Suspense fallback={<Placeholder>Loading verification...</Placeholder>}>
      {provider === 'altcha' ? (
        <AltchaWidget onToken={onToken} />
      ) : siteKey ? (
        <SiteCaptcha provider={provider} siteKey={siteKey} onToken={onToken} />
      ) : (
        <Placeholder>Verification is not configured on this server.</Placeholder>
      )}
    </Suspense>
  );
}
