// /reset-password?token=... (spec, "Reset password: /reset-password?token=..."). Views: loading (the link is
// checked), invalid or expired link (the spec's two texts), the form (new password and confirm), success. The checks
// are the spec's, in its order, with the platform's minimum of 8 characters (docs/architecture.md,
// "Beyond the spec"); the server applies them again and also refuses common passwords. A reset signs the member out
// everywhere, this browser included.
import { getRouteApi, Link } from '@tanstack/react-router';
import * as z from '../../common/zod.ts';
import { newPassword as newPasswordSchema } from '../../common/account-input.ts';
import { PASSWORD_MAX_LENGTH } from '../../common/limits.ts';
import { RESET_TEXTS } from '../../common/password-reset.ts';
import { ShieldIcon } from '../components/icons.tsx';
import { LoadingView } from '../components/loading-view.tsx';
import { NoticePanel, PageShell } from '../components/page-shell.tsx';
import { Button, buttonClasses } from '../components/ui/button.tsx';
import { FormAlert } from '../components/ui/form-alert.tsx';
import { submitHandler, useAppForm } from '../components/ui/form.tsx';
import { serverMessage } from '../lib/errors.ts';
import { trpc } from '../trpc.ts';

const routeApi = getRouteApi('/reset-password');

/**
 * The form's checks in the spec's order, each shown at its field: both fields filled (the first empty one),
 * then the server's length rule for a new password, then the match.
 */
const RESET_FORM_CHECKS = z
  .object({ newPassword: z.string(), confirmPassword: z.string() })
  .superRefine(({ newPassword, confirmPassword }, context) => {
    if (!newPassword || !confirmPassword) {
      context.addIssue({
        code: 'custom',
        message: RESET_TEXTS.fieldsRequired,
        path: [newPassword ? 'confirmPassword' : 'newPassword'],
      });
      return;
    }
    const length = newPasswordSchema.safeParse(newPassword);
    if (!length.success) {
      for (const issue of length.error.issues)
        context.addIssue({ code: 'custom', message: issue.message, path: ['newPassword'] });
      return;
    }
    if (newPassword !== confirmPassword)
      context.addIssue({ code: 'custom', message: RESET_TEXTS.passwordsDoNotMatch, path: ['confirmPassword'] });
  });

function LinkProblem({ message }: { message: string }) {
  return (
    <PageShell title="Reset Password" back="/auth">
      <NoticePanel
        icon={<ShieldIcon size={28} />}
        action={
          <Link to="/forgot-password" className={buttonClasses('primary')}>
            Request a new link
          </Link>
        }
      >
        {message}
      </NoticePanel>
    </PageShell>
  );
}

export function ResetPasswordPage() {
  const { token } = routeApi.useSearch();
  if (!token) return <LinkProblem message={RESET_TEXTS.tokenRequired} />;
  return <ResetWithToken key={token} token={token} />;
}

function ResetWithToken({ token }: { token: string }) {
  const check = trpc.passwordReset.verify.useQuery({ token }, { retry: false, staleTime: 0, gcTime: 0 });
  const utils = trpc.useUtils();
  const reset = trpc.passwordReset.reset.useMutation({
    meta: { errorFallback: RESET_TEXTS.resetFailed },
    onSuccess: () => {
      // Every session of the member has ended, this browser's too.
      utils.account.me.setData(undefined, null);
    },
  });
  const form = useAppForm({
    defaultValues: { newPassword: '', confirmPassword: '' },
    validators: { onSubmit: RESET_FORM_CHECKS },
    onSubmit: ({ value }) => reset.mutate({ token, newPassword: value.newPassword }),
  });

  if (check.isPending) return <LoadingView label="Checking your reset link..." />;
  if (check.isError) return <LinkProblem message={serverMessage(check.error, RESET_TEXTS.linkInvalid)} />;
  if (!check.data.valid)
    return <LinkProblem message={check.data.expired ? RESET_TEXTS.linkExpired : RESET_TEXTS.linkInvalid} />;

  if (reset.data) {
    return (
      <PageShell title="Reset Password" back="/auth">
        <NoticePanel
          icon={<ShieldIcon size={28} />}
          action={
            <Link to="/auth" className={buttonClasses('primary')}>
              Sign in
            </Link>
          }
        >
          <strong className="mb-2 block font-display text-xl font-semibold text-ink-900">Password reset</strong>
          {reset.data.message}
        </NoticePanel>
      </PageShell>
    );
  }

  return (
    <PageShell title="Reset Password" back="/auth">
      <section className="rounded-3xl border border-sand-200 bg-white p-6 shadow-sm">
        <h2 className="font-display text-2xl font-semibold text-ink-900">Choose a new password</h2>
        <p className="mt-1 text-sm leading-relaxed text-ink-700">
          At least 8 characters, not a common password. You will be signed out everywhere and can then sign in with it.
        </p>
        <form
          noValidate
          onSubmit={submitHandler(form, reset.reset)}
          className="mt-6 grid gap-5"
          aria-label="Reset password"
        >
          <form.AppField name="newPassword">
            {(field) => (
              <field.TextField
                id="reset-new-password"
                label="New Password"
                type="password"
                autoComplete="new-password"
                maxLength={PASSWORD_MAX_LENGTH}
              />
            )}
          </form.AppField>
          <form.AppField name="confirmPassword">
            {(field) => (
              <field.TextField
                id="reset-confirm-password"
                label="Confirm Password"
                type="password"
                autoComplete="new-password"
                maxLength={PASSWORD_MAX_LENGTH}
              />
            )}
          </form.AppField>
          <FormAlert>{reset.error ? serverMessage(reset.error, RESET_TEXTS.resetFailed) : null}</FormAlert>
          <Button type="submit" size="lg" className="w-full" disabled={reset.isPending}>
            {reset.isPending ? 'Please wait...' : 'Reset Password'}
          </Button>
        </form>
      </section>
    </PageShell>
  );
}
