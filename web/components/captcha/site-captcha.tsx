// Cloudflare Turnstile or Google reCAPTCHA (v2 checkbox), used when the server is configured with their keys.
// Their script comes from their own host (the server's CSP allows it in that configuration).
import { useEffect, useRef } from 'react';
import type { CaptchaProps } from './captcha.tsx';

type Provider = 'turnstile' | 'recaptcha';

interface WidgetOptions {
  sitekey: string;
  callback: (token: string) => void;
  'expired-callback': () => void;
  'error-callback': () => void;
}

declare global {
  interface Window {
    turnstile?: { render(element: HTMLElement, options: WidgetOptions): string; remove(id: string): void };
    grecaptcha?: { ready(callback: () => void): void; render(element: HTMLElement, options: WidgetOptions): number };
  }
}

const SCRIPTS: Record<Provider, string> = {
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
  recaptcha: 'https://www.google.com/recaptcha/api.js?render=explicit',
};

const loading = new Map<Provider, Promise<void>>();

function loadScript(provider: Provider): Promise<void> {
  let promise = loading.get(provider);
  if (!promise) {
    promise = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = SCRIPTS[provider];
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        loading.delete(provider);
        reject(new Error(`The ${provider} script could not load.`));
      };
      document.head.appendChild(script);
    });
    loading.set(provider, promise);
  }
  return promise;
}

export default function SiteCaptcha({
  provider,
  siteKey,
  onToken,
}: CaptchaProps & { provider: Provider; siteKey: string }) {
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let cancelled = false;
    let turnstileId: string | undefined;
    const options: WidgetOptions = {
      sitekey: siteKey,
      callback: (token) => onToken(token),
      'expired-callback': () => onToken(null),
      'error-callback': () => onToken(null),
    };
    loadScript(provider)
      .then(() => {
        const element = ref.current;
        if (cancelled || !element) return;
        if (provider === 'turnstile' && window.turnstile) {
          turnstileId = window.turnstile.render(element, options);
        } else if (provider === 'recaptcha' && window.grecaptcha) {
          const grecaptcha = window.grecaptcha;
          grecaptcha.ready(() => {
            if (!cancelled && ref.current) grecaptcha.render(ref.current, options);
          });
        }
      })
      .catch((error: unknown) => console.error(error));
    return () => {
      cancelled = true;
      if (turnstileId && window.turnstile) window.turnstile.remove(turnstileId);
    };
  }, [provider, siteKey, onToken]);

  return <div ref={ref} className="min-h-[4.5rem]" />;
}
