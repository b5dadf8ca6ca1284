/// <reference types="altcha/types/react" />
// The ALTCHA widget (proof of work, solved in a Web Worker). The CSP-friendly build is used: no inline
// styles or blob workers; its stylesheet and the hashing worker ship as files under /assets/.
import 'altcha/external';
import 'altcha/altcha.css';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import ShaWorker from 'altcha/workers/sha?worker';
import { useEffect, useRef } from 'react';
import type { CaptchaProps } from './captcha.tsx';

for (const algorithm of ['SHA-256', 'SHA-384', 'SHA-512']) {
  globalThis.$altcha.algorithms.set(algorithm, () => new ShaWorker());
}
for (const algorithm of ['PBKDF2/SHA-256', 'PBKDF2/SHA-384', 'PBKDF2/SHA-512']) {
  globalThis.$altcha.algorithms.set(algorithm, () => new Pbkdf2Worker());
}

const CHALLENGE_URL = '/api/captcha/challenge';

interface StateChangeDetail {
  state: string;
  payload?: string | null;
}

export default function AltchaWidget({ onToken }: CaptchaProps) {
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const onStateChange = (event: Event) => {
      const { state, payload } = (event as CustomEvent<StateChangeDetail>).detail;
      onToken(state === 'verified' && payload ? payload : null);
    };
    element.addEventListener('statechange', onStateChange);
    return () => element.removeEventListener('statechange', onStateChange);
  }, [onToken]);

  return <altcha-widget ref={ref} challenge={CHALLENGE_URL} name="altcha" />;
}
