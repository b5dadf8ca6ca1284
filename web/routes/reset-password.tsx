// /reset-password?token=... (spec part 2 section 2). Views: loading (the link is checked), invalid or expired
// link (the spec's two texts), the form (new password and confirm), success. The checks are the spec's, in its
// order, with the platform's minimum of 8 characters (docs/architecture.md, "Beyond the spec"); the server applies them again
// and also refuses common passwords. A reset signs the member out everywhere, this browser included.
import { getRouteApi, Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { newPassword as newPasswordSchema } from '../../common/account.ts';
import { PASSWORD_MAX_LENGTH } from '../../common/limits.ts';
import { RESET_TEXTS } from '../../common/password-reset.ts';
import { ShieldIcon } from '../components/icons.tsx';
import { LoadingView } from '../components/loading-view.tsx';
import { NoticePanel, PageShell } from '../components/page-shell.tsx';
import { Button, buttonClasses } from '../components/ui/button.tsx';
import { TextField } from '../components/ui/input.tsx';
import { toast } from '../components/ui/use-toast.ts';
import { serverMessage } from '../lib/errors.ts';
import { trpc } from '../trpc.ts';
import { FormAlert } from '../components/ui/form-alert.tsx';

const routeApi = getRouteApi('/reset-password');

/** The first problem with the form, in the spec's order (fields, length, match), or null. */
export function resetFormProblem(password: string, confirm: string): string | null {
  if (!password || !confirm) return RESET_TEXTS.fieldsRequired;
  const parsed = newPasswordSchema.safeParse(password);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? RESET_TEXTS.resetFailed;
  if (password !== confirm) return RESET_TEXTS.passwordsDoNotMatch;
  return null;
}

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
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reset = trpc.passwordReset.reset.useMutation({
    onSuccess: () => {
      // Every session of the member has ended, this browser's too.
      utils.account.me.setData(undefined, null);
    },
    onError: (failure) => {
      const message = serverMessage(failure, RESET_TEXTS.resetFailed);
      setError(message);
      toast({ variant: 'destructive', title: 'Error', description: message });
    },
  });

  if (check.isPending) return <LoadingView label="Checking your reset link..." />;
  if (check.isError) return <LinkProblem message={serverMessage(check.error, RESET_TEXTS.linkInvalid)} />;
  if (!check.data.valid) return <LinkProblem message={check.data.expired ? RESET_TEXTS.linkExpired : RESET_TEXTS.linkInvalid} />;

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

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reset.isPending) return;
    const problem = resetFormProblem(password, confirm);
    setError(problem);
    if (!problem) reset.mutate({ token, newPassword: password });
  };

  return (
    <PageShell title="Reset Password" back="/auth">
      <section className="rounded-3xl border border-sand-200 bg-white p-6 shadow-sm">
        <h2 className="font-display text-2xl font-semibold text-ink-900">Choose a new password</h2>
        <p className="mt-1 text-sm leading-relaxed text-ink-700">
          At least 8 characters, not a common password. You will be signed out everywhere and can then sign in with it.
        </p>
        <form noValidate onSubmit={onSubmit} className="mt-6 grid gap-5" aria-label="Reset password">
          <TextField
            id="reset-new-password"
            label="New Password"
            name="newPassword"
            type="password"
            autoComplete="new-password"
            maxLength={PASSWORD_MAX_LENGTH}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <TextField
            id="reset-confirm-password"
            label="Confirm Password"
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            maxLength={PASSWORD_MAX_LENGTH}
            value={confirm}
            onChange={(event) => setConfirm(event.target.value)}
          />
          <FormAlert>{error}</FormAlert>
          <Button type="submit" size="lg" className="w-full" disabled={reset.isPending}>
            {reset.isPending ? 'Please wait...' : 'Reset Password'}
          </Button>
        </form>
      </section>
    </PageShell>
  );
}
