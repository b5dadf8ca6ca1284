// /auth (spec, "/auth (optional query `role`)"): sign in or create an account. `?role=` opens registration with that
// role chosen, `?mode=register` opens registration (Get Started). Registration is checked here in the spec's order
// (name, age, captcha) with the shared schema, and the first problem is shown; the password rule is the
// server's, shown as a hint under New Password so that members learn it before the server refuses. Errors show
// in red above the button; an error about one field marks that field (aria-invalid, aria-describedby) and moves
// the focus to it, and goes once that field is changed (the captcha's once it is solved). Failures from the
// server also raise the spec's toast, titled Login failed or Registration failed: its message is the one above the
// button, so the toast carries the title alone and no text shows twice (nor the session-end notice beside the same
// words). Sign-in takes the name or the e-mail address in the Name field. Sign-in and registration are two forms,
// so switching clears everything. A signed-in visitor is sent to / (or to `?redirect=`, a path of this app that
// the member was on: a profile asks them to log in with a way back to it), and so is a member who just signed in.
import { getRouteApi, Link, Navigate, useNavigate } from '@tanstack/react-router';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { AUTH_TOASTS, MESSAGES, SIGN_IN_NAME_HINT } from '../../common/account.ts';
import { registerInput } from '../../common/account-input.ts';
import {
  MINIMUM_AGE,
  NAME_MAX_LENGTH,
  NAME_OR_EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../../common/limits.ts';
import { REGISTRABLE_ROLES, REGISTRATION_ROLE_LABELS, type RegistrableRole } from '../../common/roles.ts';
import { BrandMark } from '../components/brand-mark.tsx';
import { SessionEndNotice } from '../components/session-end-notice.tsx';
import { Captcha } from '../components/captcha/captcha.tsx';
import { Button } from '../components/ui/button.tsx';
import { FormAlert } from '../components/ui/form-alert.tsx';
import {
  checkedBy,
  firstProblem,
  showServerErrors,
  submitHandler,
  useAppForm,
  useFirstProblem,
} from '../components/ui/form.tsx';
import { dismiss, toast } from '../components/ui/use-toast.ts';
import { cn } from '../lib/cn.ts';
import { fieldErrorsOf, serverMessage } from '../lib/errors.ts';
import { rememberSignedIn, useSessionUser, useStoreSessionUser } from '../lib/session.ts';
import { trpc } from '../trpc.ts';

const routeApi = getRouteApi('/auth');

type Mode = 'signin' | 'register';

const ERROR_ID = 'auth-form-error';
const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters, and not a common password.`;
const ROLE_OPTIONS = REGISTRABLE_ROLES.map((value) => ({ value, label: REGISTRATION_ROLE_LABELS[value] }));

interface RegistrationValues {
  name: string;
  password: string;
  role: RegistrableRole;
  ageConfirmation: boolean;
  recaptchaToken: string;
}
type RegistrationField = keyof RegistrationValues;

/** The spec's checks, without the password's: its rule is the server's to apply (spec, "Validation rules"). */
const REGISTRATION_CHECKS = checkedBy<RegistrationValues>(registerInput.omit({ password: true }));
/** The schema's key order is the spec's order of checks, so the first field in error is the one to show. */
const FIELD_ORDER = Object.keys(registerInput.shape) as RegistrationField[];

/** Which field a server message is about, when its words say so (the server names a refused input's fields). */
const FIELD_OF_MESSAGE: Record<string, RegistrationField> = {
  [MESSAGES.nameTaken]: 'name',
  [MESSAGES.nameCharacters]: 'name',
  [MESSAGES.captchaInvalid]: 'recaptchaToken',
  [MESSAGES.passwordCommon]: 'password',
};

export function AuthPage() {
  const search = routeApi.useSearch();
  const session = useSessionUser();
  // The return path, when there is one, is the href (which the router takes over `to`).
  if (session.data) return <Navigate to="/" href={search.redirect} replace />;
  const initialMode: Mode = search.role || search.mode === 'register' ? 'register' : 'signin';
  return (
    <AuthForm
      key={`${search.role ?? ''}-${initialMode}`}
      initialRole={search.role}
      initialMode={initialMode}
      returnTo={search.redirect}
    />
  );
}

function AuthForm({
  initialRole,
  initialMode,
  returnTo,
}: {
  initialRole: RegistrableRole | undefined;
  initialMode: Mode;
  returnTo: string | undefined;
}) {
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>(initialMode);
  const registering = mode === 'register';

  const switchMode = (next: Mode) => {
    setMode(next);
    dismiss();
    if (next === 'signin' && initialMode === 'register')
      void navigate({ to: '/auth', search: { redirect: returnTo }, replace: true });
  };

  return (
    <div className="min-h-app bg-gradient-to-b from-brand-800 via-brand-700 to-sand-50 to-45% px-4 pt-6 pb-10">
      <div className="mx-auto flex max-w-md flex-col gap-6">
        <header className="flex justify-center">
          <Link
            to="/"
            className="rounded-full focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-white"
          >
            <BrandMark tone="light" />
          </Link>
        </header>

        <main className="rounded-3xl bg-white p-6 shadow-xl shadow-brand-950/10 sm:p-8">
          <h1 className="font-display text-2xl font-semibold text-ink-900">
            {registering ? 'Create your account' : 'Welcome back'}
          </h1>
          <p className="mt-1 text-sm text-ink-600">
            {registering ? 'Join the community in a minute.' : 'Sign in to continue.'}
          </p>

          {registering ? (
            <RegisterForm initialRole={initialRole} returnTo={returnTo} />
          ) : (
            <SignInForm returnTo={returnTo} />
          )}

          <div className="mt-6 border-t border-sand-200 pt-5 text-center">
            {registering ? (
              <button
                type="button"
                onClick={() => switchMode('signin')}
                className="min-h-11 px-2 text-sm text-ink-700 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                Already have an account?{' '}
                <span className="font-semibold text-brand-700 underline-offset-4 hover:underline">Sign in</span>
              </button>
            ) : (
              <Button variant="outline" size="md" className="w-full" onClick={() => switchMode('register')}>
                CREATE NEW ACCOUNT
              </Button>
            )}
          </div>
        </main>
      </div>
    </div>
  );
}

/**
 * After a sign-in or a registration: the member is stored, an earlier attempt's failure toast goes, and the app goes
 * to the return path, else to /.
 */
function useSignedIn(returnTo: string | undefined) {
  const navigate = useNavigate();
  const storeUser = useStoreSessionUser();
  return (user: Parameters<typeof storeUser>[0]) => {
    storeUser(user);
    rememberSignedIn();
    dismiss();
    void navigate({ to: '/', href: returnTo });
  };
}

/** The frame both forms share: the fields, the message above the button, the button. */
function AuthFormFrame(props: {
  label: string;
  onSubmit: ReturnType<typeof submitHandler>;
  error: ReactNode;
  pending: boolean;
  action: string;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={props.onSubmit} className="mt-6 grid grid-cols-1 gap-5" aria-label={props.label}>
      {props.children}
      <FormAlert id={ERROR_ID}>{props.error}</FormAlert>
      <Button type="submit" size="lg" disabled={props.pending} className="w-full">
        {props.pending ? 'Please wait...' : props.action}
      </Button>
    </form>
  );
}

/** Sign-in has no checks in the browser (spec, "Validation rules"): every refusal is the server's, about the form. */
function SignInForm({ returnTo }: { returnTo: string | undefined }) {
  const signedIn = useSignedIn(returnTo);
  const login = trpc.account.login.useMutation({
    // The message shows above the button; the toast carries the title alone.
    meta: { errorToast: false },
    onSuccess: signedIn,
    onError: () => toast({ variant: 'destructive', title: AUTH_TOASTS.loginFailed }),
  });
  const form = useAppForm({
    defaultValues: { name: '', password: '' },
    onSubmit: ({ value }) => login.mutate(value),
  });
  const error = login.error ? serverMessage(login.error, MESSAGES.authFailed) : null;
  return (
    <>
      <SessionEndNotice className="mt-4" besides={error} />
      <AuthFormFrame
        label="Sign in"
        onSubmit={submitHandler(form)}
        error={error}
        pending={login.isPending}
        action="ENTER"
      >
        <form.AppField name="name">
          {(field) => (
            <field.TextField
              id="signin-name"
              label="Name"
              hint={SIGN_IN_NAME_HINT}
              autoComplete="username"
              autoCapitalize="none"
              maxLength={NAME_OR_EMAIL_MAX_LENGTH}
            />
          )}
        </form.AppField>
        <form.AppField name="password">
          {(field) => (
            <field.TextField
              id="signin-password"
              label="Password"
              type="password"
              autoComplete="current-password"
              maxLength={PASSWORD_MAX_LENGTH}
            />
          )}
        </form.AppField>
        <Link
          to="/forgot-password"
          className="-my-2 inline-flex min-h-11 items-center justify-self-end text-sm font-medium text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          Forgot your password?
        </Link>
      </AuthFormFrame>
    </>
  );
}

function RegisterForm({
  initialRole,
  returnTo,
}: {
  initialRole: RegistrableRole | undefined;
  returnTo: string | undefined;
}) {
  const signedIn = useSignedIn(returnTo);
  const [captchaKey, setCaptchaKey] = useState(0);
  const nameField = useRef<HTMLInputElement>(null);
  const passwordField = useRef<HTMLInputElement>(null);
  const ageBox = useRef<HTMLButtonElement>(null);
  const captchaBox = useRef<HTMLDivElement>(null);
  const focus = (field: RegistrationField | undefined) => {
    if (!field || field === 'role') return;
    const element = { name: nameField, password: passwordField, ageConfirmation: ageBox, recaptchaToken: captchaBox }[
      field
    ].current;
    // The captcha's box holds the widget: its own control takes the focus where it has one.
    const target =
      field === 'recaptchaToken'
        ? element?.querySelector<HTMLElement>('input:not([type=hidden]), button, iframe')
        : null;
    (target ?? element)?.focus();
  };

  const register = trpc.account.register.useMutation({
    // The message shows above the button and marks its field; the toast carries the title alone.
    meta: { errorToast: false },
    onSuccess: signedIn,
    onError: (failure) => {
      const message = serverMessage(failure, MESSAGES.authFailed);
      const field = fieldOfFailure(failure);
      if (field) {
        showServerErrors(form, { [field]: message });
        focus(field);
      }
      toast({ variant: 'destructive', title: AUTH_TOASTS.registrationFailed });
      resetCaptcha();
    },
  });
  const form = useAppForm({
    defaultValues: {
      name: '',
      password: '',
      role: initialRole ?? 'client',
      ageConfirmation: false,
      recaptchaToken: '',
    } as RegistrationValues,
    validators: { onSubmit: REGISTRATION_CHECKS },
    onSubmitInvalid: ({ formApi }) => focus(firstProblem(formApi, FIELD_ORDER)?.field),
    onSubmit: ({ value }) => register.mutate({ ...value, ageConfirmation: true }),
  });

  // The captcha's field holds its token. A reset clears it without answering the captcha's error; solving it does.
  const setCaptchaToken = useCallback(
    (token: string | null) => form.setFieldValue('recaptchaToken', token ?? '', { dontValidate: !token }),
    [form],
  );
  const resetCaptcha = () => {
    setCaptchaToken(null);
    setCaptchaKey((key) => key + 1);
  };

  const shown = useFirstProblem(form, FIELD_ORDER);
  const serverError =
    register.error && !fieldOfFailure(register.error) ? serverMessage(register.error, MESSAGES.authFailed) : null;
  const errorIdFor = (field: RegistrationField) => (shown?.field === field ? ERROR_ID : null);

  return (
    <AuthFormFrame
      label="Create account"
      onSubmit={submitHandler(form, register.reset)}
      error={shown?.message ?? serverError}
      pending={register.isPending}
      action="CREATE ACCOUNT"
    >
      <form.AppField name="name">
        {(field) => (
          <field.TextField
            ref={nameField}
            id="register-name"
            label="Your Name"
            autoComplete="username"
            autoCapitalize="words"
            maxLength={NAME_MAX_LENGTH}
            errorId={errorIdFor('name')}
          />
        )}
      </form.AppField>
      <form.AppField name="password">
        {(field) => (
          <field.TextField
            ref={passwordField}
            id="register-password"
            label="New Password"
            type="password"
            autoComplete="new-password"
            maxLength={PASSWORD_MAX_LENGTH}
            hint={PASSWORD_HINT}
            errorId={errorIdFor('password')}
          />
        )}
      </form.AppField>
      <form.AppField name="role">
        {(field) => <field.RadioGroup legend="Account type" options={ROLE_OPTIONS} />}
      </form.AppField>
      <form.AppField name="ageConfirmation">
        {(field) => (
          <field.Checkbox
            ref={ageBox}
            id="age-confirmation"
            errorId={errorIdFor('ageConfirmation')}
            label={`I'm older than ${MINIMUM_AGE} years old`}
          />
        )}
      </form.AppField>
      <form.Field name="recaptchaToken">
        {() => (
          <div
            ref={captchaBox}
            tabIndex={-1}
            role="group"
            aria-label="Verification"
            aria-describedby={errorIdFor('recaptchaToken') ?? undefined}
            className={cn(
              'rounded-xl focus:outline-none',
              errorIdFor('recaptchaToken') && 'ring-2 ring-red-700 ring-offset-2',
            )}
          >
            <Captcha key={captchaKey} onToken={setCaptchaToken} />
          </div>
        )}
      </form.Field>
    </AuthFormFrame>
  );
}

/** The field a refused registration is about: the server's own field, else the one its message names. */
function fieldOfFailure(failure: unknown): RegistrationField | undefined {
  const [field] = Object.keys(fieldErrorsOf(failure));
  if (field && FIELD_ORDER.includes(field as RegistrationField)) return field as RegistrationField;
  return FIELD_OF_MESSAGE[serverMessage(failure, '')];
}
