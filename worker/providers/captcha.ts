// The registration captcha behind one interface. ALTCHA (self-hosted proof of work, works offline) is the
// embedded default; Cloudflare Turnstile or Google reCAPTCHA take over when their secret keys are set.
// The widget's answer always travels as `recaptchaToken`. An ALTCHA solution is accepted once: its challenge
// signature is recorded in `captcha_uses` by the caller, inside the same batch that checks it was unused.
import { createChallenge, randomInt, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { CaptchaProviderName } from '../../common/account.ts';
import type { Config } from '../env.ts';

export const CAPTCHA_CHALLENGE_LIFETIME_MS = 10 * 60_000;

export interface CaptchaVerdict {
  ok: boolean;
  /** Present for ALTCHA: the key that must not have been used before, and when it may be forgotten. */
  singleUse?: { key: string; expiresAt: number };
}

export interface CaptchaProvider {
  name: CaptchaProviderName;
  /** Public key for the widget (Turnstile, reCAPTCHA); ALTCHA needs none. */
  siteKey: string | null;
  verify(token: string, remoteIp: string | null): Promise<CaptchaVerdict>;
  /** Issues a proof-of-work challenge for the widget (ALTCHA only). */
  challenge?(): Promise<Challenge>;
}

const ALTCHA_ALGORITHM = 'SHA-256';
const ALTCHA_COST = 1;

function altcha(config: Config): CaptchaProvider {
  const hmacSignatureSecret = config.ALTCHA_HMAC_KEY;
  const hmacKeySignatureSecret = `${config.ALTCHA_HMAC_KEY}:keys`;
  return {
    name: 'altcha',
    siteKey: null,
    challenge: () =>
      createChallenge({
        algorithm: ALTCHA_ALGORITHM,
        cost: ALTCHA_COST,
        counter: randomInt(Math.floor(config.ALTCHA_MAX_WORK / 4), config.ALTCHA_MAX_WORK),
        deriveKey,
        hmacSignatureSecret,
        hmacKeySignatureSecret,
        expiresAt: new Date(Date.now() + CAPTCHA_CHALLENGE_LIFETIME_MS),
      }),
    async verify(token) {
      let payload: Payload;
      try {
        payload = JSON.parse(atob(token)) as Payload;
      } catch {
        return { ok: false };
      }
      if (!payload?.challenge?.signature || !payload.solution) return { ok: false };
      try {
        const result = await verifySolution({
          challenge: payload.challenge,
          solution: payload.solution,
          deriveKey,
          hmacSignatureSecret,
          hmacKeySignatureSecret,
        });
        if (!result.verified) return { ok: false };
      } catch {
        return { ok: false };
      }
      const expiresAt =
        (payload.challenge.parameters.expiresAt ?? 0) * 1000 || Date.now() + CAPTCHA_CHALLENGE_LIFETIME_MS;
      return { ok: true, singleUse: { key: payload.challenge.signature, expiresAt } };
    },
  };
}

function siteVerify(name: 'turnstile' | 'recaptcha', url: string, siteKey: string, secret: string): CaptchaProvider {
  return {
    name,
    siteKey,
    async verify(token, remoteIp) {
      const body = new URLSearchParams({ secret, response: token });
      if (remoteIp) body.set('remoteip', remoteIp);
      const response = await fetch(url, { method: 'POST', body });
      if (!response.ok) return { ok: false };
      const result = (await response.json()) as { success?: boolean };
      return { ok: result.success === true };
    },
  };
}

export function captchaProvider(config: Config): CaptchaProvider {
  if (config.TURNSTILE_SECRET_KEY && config.TURNSTILE_SITE_KEY)
    return siteVerify(
      'turnstile',
      'https://challenges.cloudflare.com/turnstile/v0/siteverify',
      config.TURNSTILE_SITE_KEY,
      config.TURNSTILE_SECRET_KEY,
    );
  if (config.RECAPTCHA_SECRET_KEY && config.RECAPTCHA_SITE_KEY)
    return siteVerify(
      'recaptcha',
      'https://www.google.com/recaptcha/api/siteverify',
      config.RECAPTCHA_SITE_KEY,
      config.RECAPTCHA_SECRET_KEY,
    );
  return altcha(config);
}
