// /forgot-password (spec, "Forgot password: /forgot-password"): the member gives their name or e-mail address and
// asks for a reset link; the success view tells them to check their e-mail. The answer is the same whether or not an
// account matched (the server never says), so the view shows the server's message as it is.
import { Link } from '@tanstack/react-router';
import { NAME_OR_EMAIL_MAX_LENGTH } from '../../common/limits.ts';
import { forgotPasswordInput, RESET_TEXTS } from '../../common/password-reset.ts';
import { NoticePanel, PageShell } from '../components/page-shell.tsx';
import { Button, buttonClasses } from '../components/ui/button.tsx';
import { FormAlert } from '../components/ui/form-alert.tsx';
import { submitHandler, useAppForm } from '../components/ui/form.tsx';
import { serverMessage } from '../lib/errors.ts';
import { trpc } from '../trpc.ts';

function MailIcon({ size = 28 }: { size?: number }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      aria-hidden="true"
    >
      <rect x="3.5" y="5.5" width="17" height="13" rx="2" />
      <path d="m4 7 8 6 8-6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function ForgotPasswordPage() {
  const request = trpc.passwordReset.request.useMutation({ meta: { errorFallback: RESET_TEXTS.requestFailed } });
  const form = useAppForm({
    defaultValues: { nameOrEmail: '' },
    validators: { onSubmit: forgotPasswordInput },
    onSubmit: ({ value }) => request.mutate(value),
  });

  if (request.data) {
    return (
      <PageShell title="Forgot Password" back="/auth">
        <NoticePanel
          icon={<MailIcon />}
          action={
            <Link to="/auth" className={buttonClasses('outline')}>
              Back to sign in
            </Link>
          }
        >
          <strong className="mb-2 block font-display text-xl font-semibold text-ink-900">Check your email</strong>
          {request.data.message}
        </NoticePanel>
      </PageShell>
    );
  }

  return (
    <PageShell title="Forgot Password" back="/auth">
      <section className="rounded-3xl border border-sand-200 bg-white p-6 shadow-sm">
        <h2 className="font-display text-2xl font-semibold text-ink-900">Reset your password</h2>
        <p className="mt-1 text-sm leading-relaxed text-ink-700">
          Enter your username or email address and we will send a link to choose a new password to the email address on
          your account.
        </p>
        <form
          noValidate
          onSubmit={submitHandler(form, request.reset)}
          className="mt-6 grid gap-5"
          aria-label="Request a password reset link"
        >
          <form.AppField name="nameOrEmail">
            {(field) => (
              <field.TextField
                id="forgot-name-or-email"
                label="Username or email"
                autoComplete="username"
                autoCapitalize="none"
                maxLength={NAME_OR_EMAIL_MAX_LENGTH}
              />
            )}
          </form.AppField>
          <FormAlert>{request.error ? serverMessage(request.error, RESET_TEXTS.requestFailed) : null}</FormAlert>
          <Button type="submit" size="lg" className="w-full" disabled={request.isPending}>
            {request.isPending ? 'Sending...' : 'Send Reset Link'}
          </Button>
        </form>
        <p className="mt-5 text-center text-sm">
          <Link
            to="/auth"
            className="inline-flex min-h-11 items-center px-2 font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            Back to sign in
          </Link>
        </p>
      </section>
    </PageShell>
  );
}
