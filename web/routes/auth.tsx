// /auth (spec part 1 section 2): sign in or create an account. `?role=` opens registration with that role
// chosen, `?mode=register` opens registration (Get Started). Registration is checked here in the spec's order
// (name, age, captcha) with the shared schema and the first problem shown; the password rule is the server's,
// shown as a hint under New Password so that members learn it before the server refuses. Errors show in red
// above the button; an error about one field marks that field (aria-invalid, aria-describedby) and moves the
// focus to it, and the captcha's error goes once the captcha is solved. Failures from the server also raise a
// toast. A signed-in visitor is sent to /.
import { getRouteApi, Link, Navigate, useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { MESSAGES, registerInput } from '../../common/account.ts';
import { MINIMUM_AGE, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../common/limits.ts';
import { REGISTRABLE_ROLES, REGISTRATION_ROLE_LABELS, type RegistrableRole } from '../../common/roles.ts';
import { BrandMark } from '../components/brand-mark.tsx';
import { Captcha } from '../components/captcha/captcha.tsx';
import { Button } from '../components/ui/button.tsx';
import { Checkbox } from '../components/ui/checkbox.tsx';
import { TextField } from '../components/ui/input.tsx';
import { RadioGroup } from '../components/ui/radio-group.tsx';
import { dismiss, toast } from '../components/ui/use-toast.ts';
import { cn } from '../lib/cn.ts';
import { serverMessage } from '../lib/errors.ts';
import { rememberSignedIn, useSessionUser, useStoreSessionUser } from '../lib/session.ts';
import { trpc } from '../trpc.ts';
import { FormAlert } from '../components/ui/form-alert.tsx';

const routeApi = getRouteApi('/auth');

type Mode = 'signin' | 'register';
/** The part of the form an error is about. */
type Field = 'name' | 'password' | 'age' | 'captcha';

const ERROR_ID = 'auth-form-error';
const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters, and not a common password.`;

/** Which field a message (the client's own check or the server's answer) is about; null for the form as a whole. */
const FIELD_OF_MESSAGE: Record<string, Field> = {
  [MESSAGES.nameRequired]: 'name',
  [MESSAGES.nameTooLong]: 'name',
  [MESSAGES.nameTaken]: 'name',
  [MESSAGES.nameCharacters]: 'name',
  [MESSAGES.ageRequired]: 'age',
  [MESSAGES.captchaRequired]: 'captcha',
  [MESSAGES.captchaInvalid]: 'captcha',
  [MESSAGES.passwordTooShort]: 'password',
  [MESSAGES.passwordTooLong]: 'password',
  [MESSAGES.passwordCommon]: 'password',
};

interface FormError {
  message: string;
  field: Field | null;
}

const ROLE_OPTIONS = REGISTRABLE_ROLES.map((value) => ({ value, label: REGISTRATION_ROLE_LABELS[value] }));

/** The first registration problem the client can see, in the spec's order; the password is left to the server. */
function firstRegistrationProblem(values: {
  name: string;
  ageConfirmation: boolean;
  recaptchaToken: string;
  role: RegistrableRole;
}): string | null {
  const result = registerInput.safeParse({ ...values, password: undefined });
  if (result.success) return null;
  const issue = result.error.issues.find((candidate) => candidate.path[0] !== 'password');
  return issue?.message ?? null;
}

export function AuthPage() {
  const search = routeApi.useSearch();
  const session = useSessionUser();
  if (session.data) return <Navigate to="/" replace />;
  const initialMode: Mode = search.role || search.mode === 'register' ? 'register' : 'signin';
  return <AuthForm key={`${search.role ?? ''}-${initialMode}`} initialRole={search.role} initialMode={initialMode} />;
}

function AuthForm({ initialRole, initialMode }: { initialRole: RegistrableRole | undefined; initialMode: Mode }) {
  const navigate = useNavigate();
  const storeUser = useStoreSessionUser();

  const [mode, setMode] = useState<Mode>(initialMode);
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<RegistrableRole>(initialRole ?? 'client');
  const [ageConfirmed, setAgeConfirmed] = useState(false);
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [captchaKey, setCaptchaKey] = useState(0);
  const [error, setErrorState] = useState<FormError | null>(null);
  const nameField = useRef<HTMLInputElement>(null);
  const passwordField = useRef<HTMLInputElement>(null);
  const ageBox = useRef<HTMLButtonElement>(null);
  const captchaBox = useRef<HTMLDivElement>(null);

  const setError = (message: string | null, fromServer?: { fields?: Record<string, unknown> }) => {
    if (message === null) return setErrorState(null);
    const zodField = Object.keys(fromServer?.fields ?? {})[0];
    const field =
      FIELD_OF_MESSAGE[message] ??
      (zodField === 'name' || zodField === 'password' ? zodField : zodField === 'ageConfirmation' ? 'age' : zodField === 'recaptchaToken' ? 'captcha' : null);
    setErrorState({ message, field: mode === 'register' ? field : null });
  };
  const errorIdFor = (field: Field) => (error?.field === field ? ERROR_ID : null);

  // A field in error takes the focus (each new error, even with the same text, is a new object).
  useEffect(() => {
    if (!error?.field) return;
    if (error.field === 'captcha') {
      const box = captchaBox.current;
      const control = box?.querySelector<HTMLElement>('input:not([type=hidden]), button, iframe');
      (control ?? box)?.focus();
      return;
    }
    ({ name: nameField, password: passwordField, age: ageBox })[error.field].current?.focus();
  }, [error]);

  // Solving the captcha answers its error at once.
  const onCaptchaToken = useCallback((token: string | null) => {
    setCaptchaToken(token);
    if (token) setErrorState((current) => (current?.field === 'captcha' ? null : current));
  }, []);

  const resetCaptcha = () => {
    setCaptchaToken(null);
    setCaptchaKey((key) => key + 1);
  };

  const signedIn = (user: Parameters<typeof storeUser>[0]) => {
    storeUser(user);
    rememberSignedIn();
    void navigate({ to: '/' });
  };

  const login = trpc.account.login.useMutation({
    onSuccess: signedIn,
    onError: (failure) => {
      const message = serverMessage(failure, MESSAGES.authFailed);
      setError(message);
      toast({ variant: 'destructive', title: 'Login failed', description: message });
    },
  });

  const register = trpc.account.register.useMutation({
    onSuccess: signedIn,
    onError: (failure) => {
      const message = serverMessage(failure, MESSAGES.authFailed);
      setError(message, failure.data ?? undefined);
      toast({ variant: 'destructive', title: 'Registration failed', description: message });
      resetCaptcha();
    },
  });

  const pending = login.isPending || register.isPending;

  const switchMode = (next: Mode) => {
    setMode(next);
    setName('');
    setPassword('');
    setRole('client');
    setAgeConfirmed(false);
    setError(null);
    dismiss();
    resetCaptcha();
    login.reset();
    register.reset();
    if (next === 'signin' && initialMode === 'register') void navigate({ to: '/auth', search: {}, replace: true });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setError(null);
    if (mode === 'signin') {
      login.mutate({ name, password });
      return;
    }
    const recaptchaToken = captchaToken ?? '';
    const problem = firstRegistrationProblem({ name, ageConfirmation: ageConfirmed, recaptchaToken, role });
    if (problem) {
      setError(problem);
      return;
    }
    register.mutate({ name: name.trim(), password, ageConfirmation: true, recaptchaToken, role });
  };

  const registering = mode === 'register';

  return (
    <div className="min-h-app bg-gradient-to-b from-brand-800 via-brand-700 to-sand-50 to-45% px-4 pt-6 pb-10">
      <div className="mx-auto flex max-w-md flex-col gap-6">
        <header className="flex justify-center">
          <Link to="/" className="rounded-full focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-white">
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

          <form noValidate onSubmit={onSubmit} className="mt-6 grid grid-cols-1 gap-5" aria-label={registering ? 'Create account' : 'Sign in'}>
            {registering ? (
              <>
                <TextField
                  ref={nameField}
                  id="register-name"
                  label="Your Name"
                  name="name"
                  autoComplete="username"
                  autoCapitalize="words"
                  maxLength={NAME_MAX_LENGTH}
                  value={name}
                  errorId={errorIdFor('name')}
                  onChange={(event) => setName(event.target.value)}
                />
                <TextField
                  ref={passwordField}
                  id="register-password"
                  label="New Password"
                  name="password"
                  type="password"
                  autoComplete="new-password"
                  maxLength={PASSWORD_MAX_LENGTH}
                  value={password}
                  hint={PASSWORD_HINT}
                  errorId={errorIdFor('password')}
                  onChange={(event) => setPassword(event.target.value)}
                />
                <RadioGroup legend="Account type" name="role" value={role} onValueChange={setRole} options={ROLE_OPTIONS} />
                <Checkbox
                  ref={ageBox}
                  id="age-confirmation"
                  checked={ageConfirmed}
                  onCheckedChange={setAgeConfirmed}
                  errorId={errorIdFor('age')}
                  label={`I'm older than ${MINIMUM_AGE} years old`}
                />
                <div
                  ref={captchaBox}
                  tabIndex={-1}
                  role="group"
                  aria-label="Verification"
                  aria-describedby={errorIdFor('captcha') ?? undefined}
                  className={cn('rounded-xl focus:outline-none', errorIdFor('captcha') && 'ring-2 ring-red-700 ring-offset-2')}
                >
                  <Captcha key={captchaKey} onToken={onCaptchaToken} />
                </div>
              </>
            ) : (
              <>
                <TextField
                  id="signin-name"
                  label="Name"
                  name="name"
                  autoComplete="username"
                  autoCapitalize="none"
                  maxLength={NAME_MAX_LENGTH}
                  value={name}
                  onChange={(event) => setName(event.target.value)}
                />
                <TextField
                  id="signin-password"
                  label="Password"
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  maxLength={PASSWORD_MAX_LENGTH}
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                />
                <Link
                  to="/forgot-password"
                  className="-my-2 inline-flex min-h-11 items-center justify-self-end text-sm font-medium text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  Forgot your password?
                </Link>
              </>
            )}

            <FormAlert id={ERROR_ID}>{error?.message}</FormAlert>

            <Button type="submit" size="lg" disabled={pending} className="w-full">
              {pending ? 'Please wait...' : registering ? 'CREATE ACCOUNT' : 'ENTER'}
            </Button>
          </form>

          <div className="mt-6 border-t border-sand-200 pt-5 text-center">
            {registering ? (
              <button
                type="button"
                onClick={() => switchMode('signin')}
                className="min-h-11 px-2 text-sm text-ink-700 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                Already have an account? <span className="font-semibold text-brand-700 underline-offset-4 hover:underline">Sign in</span>
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
