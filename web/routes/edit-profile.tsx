// /edit-profile (spec part 1, /edit-profile): Save and Cancel in the header, the photo (crop dialog, upload),
// the name inline with the member number, and two tabs: the first (Spa / Services / Profile) with the about
// text under its role heading, AI Assist, and for spa management the Spa Location card and the opening hours;
// the second, Contact, with the email, the phone and the seven handles. Switching tabs first saves the tab
// being left (when it changed) and stays on it when saving fails. Every rule shown here is checked again by
// the server (PATCH /api/profile).
import * as TabsPrimitive from '@radix-ui/react-tabs';
import { Link, useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import type { CurrentUser } from '../../common/account.ts';
import { weeklyHoursSchema, type WeeklyHours } from '../../common/opening-hours.ts';
import { CONTACT_HANDLES, nameIssue, PROFILE_TEXTS, roleTexts, type HandleKey } from '../../common/profile.ts';
import { updateProfileInput, type UpdateProfileInput } from '../../common/profile-input.ts';
import { NAME_MAX_LENGTH } from '../../common/limits.ts';
import { LoadingView } from '../components/loading-view.tsx';
import { PinIcon } from '../components/icons.tsx';
import { PageShell } from '../components/page-shell.tsx';
import { AboutEditor } from '../components/profile/about-editor.tsx';
import { ContactEditor, type ContactForm } from '../components/profile/contact-editor.tsx';
import { OpeningHoursEditor } from '../components/profile/opening-hours-editor.tsx';
import { PhotoPicker } from '../components/profile/photo-picker.tsx';
import { Button, buttonClasses } from '../components/ui/button.tsx';
import { FieldError } from '../components/ui/form-alert.tsx';
import { inputClasses } from '../components/ui/input.tsx';
import { toast } from '../components/ui/use-toast.ts';
import { cn } from '../lib/cn.ts';
import { serverMessage } from '../lib/errors.ts';
import { trpc } from '../trpc.ts';

/** The editor reads the member once and keeps it 5 minutes (spec part 1 section 4). */
const EDITOR_USER_QUERY = { staleTime: 0, gcTime: 5 * 60_000 } as const;

type TabKey = 'profile' | 'contact';
type Errors = Partial<Record<string, string>>;

interface ProfileForm {
  name: string;
  aboutMe: string;
  openingHours: WeeklyHours | null;
}

function profileFormOf(user: CurrentUser): ProfileForm {
  return { name: user.name, aboutMe: user.aboutMe ?? '', openingHours: user.openingHours };
}

function contactFormOf(user: CurrentUser): ContactForm {
  const handles = Object.fromEntries(CONTACT_HANDLES.map(({ key }) => [key, user[key] ?? ''])) as Record<HandleKey, string>;
  return { email: user.email ?? '', phoneNumber: user.phoneNumber ?? '', ...handles };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** What a tab would send: only its fields that changed. */
function changesOf(tab: TabKey, user: CurrentUser, profile: ProfileForm, contact: ContactForm): UpdateProfileInput {
  if (tab === 'profile') {
    const base = profileFormOf(user);
    const changes: UpdateProfileInput = {};
    // The name and the about text travel together (the spec's payload), and both are required.
    if (profile.name !== base.name || profile.aboutMe !== base.aboutMe) Object.assign(changes, { name: profile.name, aboutMe: profile.aboutMe });
    if (user.role === 'spa_management' && !same(profile.openingHours, base.openingHours)) changes.openingHours = profile.openingHours;
    return changes;
  }
  const base = contactFormOf(user);
  return Object.fromEntries(Object.entries(contact).filter(([key, value]) => value !== base[key as keyof ContactForm]));
}

/** The spec's messages, checked before anything is sent (the server checks them again). */
function validate(role: CurrentUser['role'], changes: UpdateProfileInput): Errors {
  const errors: Errors = {};
  const nameProblem = nameIssue(role, changes.name);
  if (nameProblem) errors.name = nameProblem;
  const parsed = updateProfileInput.safeParse(changes);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'form');
      errors[field] ??= issue.message;
    }
  }
  if (changes.openingHours) {
    const hours = weeklyHoursSchema.safeParse(changes.openingHours);
    if (!hours.success) errors.openingHours = hours.error.issues[0]?.message;
  }
  return errors;
}

const PROFILE_FIELDS = new Set(['name', 'aboutMe', 'openingHours']);

export function EditProfilePage() {
  const me = trpc.account.me.useQuery(undefined, EDITOR_USER_QUERY);
  if (!me.data) return <LoadingView />;
  return <Editor key={me.data.id} user={me.data} />;
}

function Editor({ user }: { user: CurrentUser }) {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const texts = roleTexts(user.role);
  const [tab, setTab] = useState<TabKey>('profile');
  const [profile, setProfile] = useState(() => profileFormOf(user));
  const [contact, setContact] = useState(() => contactFormOf(user));
  const [errors, setErrors] = useState<Errors>({});
  const update = trpc.profiles.update.useMutation();

  /** Saves the given tabs' changes; true when there was nothing to save or it was saved. */
  async function save(tabs: TabKey[]): Promise<boolean> {
    const changes = Object.assign({}, ...tabs.map((which) => changesOf(which, user, profile, contact))) as UpdateProfileInput;
    if (Object.keys(changes).length === 0) return true;
    const found = validate(user.role, changes);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      const failedTab: TabKey = Object.keys(found).some((field) => PROFILE_FIELDS.has(field)) ? 'profile' : 'contact';
      setTab(failedTab);
      toast({ variant: 'destructive', title: PROFILE_TEXTS.saveFailedTitle, description: PROFILE_TEXTS.saveFailed });
      return false;
    }
    try {
      const saved = await update.mutateAsync(changes);
      setErrors({});
      // The current user and every profile (and the spa list built from them) are fetched again.
      utils.account.me.setData(undefined, saved);
      await Promise.all([utils.profiles.invalidate(), utils.map.users.invalidate()]);
      return true;
    } catch (error) {
      const data = (error as { data?: { fields?: Record<string, string[] | undefined> } }).data;
      const fieldErrors = Object.fromEntries(Object.entries(data?.fields ?? {}).map(([field, messages]) => [field, messages?.[0]]));
      const message = serverMessage(error, PROFILE_TEXTS.saveFailed);
      const conflict = changes.name !== undefined && /name/i.test(message) ? 'name' : changes.email !== undefined && /email/i.test(message) ? 'email' : 'form';
      const field = Object.keys(fieldErrors)[0] ?? conflict;
      setErrors({ ...fieldErrors, [field]: fieldErrors[field] ?? message });
      toast({ variant: 'destructive', title: PROFILE_TEXTS.saveFailedTitle, description: PROFILE_TEXTS.saveFailed });
      return false;
    }
  }

  // One save per switch: the tabs report a change twice (pointer down, then focus) before the first save answers.
  const switching = useRef(false);
  async function switchTab(next: TabKey) {
    if (next === tab || switching.current) return;
    switching.current = true;
    try {
      if (await save([tab])) setTab(next);
    } finally {
      switching.current = false;
    }
  }

  async function saveAndLeave() {
    if (await save(['profile', 'contact'])) void navigate({ to: '/profile' });
  }

  return (
    <PageShell
      title="Edit Profile"
      actions={
        <>
          <Link to="/profile" className={buttonClasses('outline', 'sm', 'min-h-11')}>
            Cancel
          </Link>
          <Button size="sm" className="min-h-11" onClick={() => void saveAndLeave()} disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save'}
          </Button>
        </>
      }
    >
      <div className="grid grid-cols-1 gap-5">
        <section aria-label="Photo and name" className="flex items-center gap-4 rounded-3xl border border-sand-200 bg-white p-4 shadow-sm">
          <PhotoPicker user={user} />
          <div className="grid min-w-0 flex-1 grid-cols-1 gap-1.5">
            <label htmlFor="profile-name" className="text-sm font-medium text-ink-700">
              {texts.nameLabel}
            </label>
            <div className="flex min-w-0 items-center gap-2">
              <input
                id="profile-name"
                value={profile.name}
                maxLength={NAME_MAX_LENGTH}
                aria-invalid={errors.name ? true : undefined}
                aria-describedby={errors.name ? 'profile-name-error' : undefined}
                onChange={(event) => setProfile({ ...profile, name: event.target.value })}
                className={cn(inputClasses, 'min-w-0 flex-1 font-semibold')}
              />
              <span className="shrink-0 rounded-full bg-sand-100 px-2.5 py-1 text-xs font-semibold text-ink-800 ring-1 ring-sand-300 ring-inset">
                #{user.memberNumber}
              </span>
            </div>
            <FieldError id="profile-name-error">{errors.name}</FieldError>
          </div>
        </section>

        <TabsPrimitive.Root value={tab} onValueChange={(next) => void switchTab(next as TabKey)} className="grid grid-cols-1 gap-4">
          <TabsPrimitive.List aria-label="Edit profile sections" className="grid grid-cols-2 gap-2 rounded-full bg-sand-100 p-1">
            {(
              [
                ['profile', texts.editorTab],
                ['contact', 'Contact'],
              ] as const
            ).map(([value, label]) => (
              <TabsPrimitive.Trigger
                key={value}
                value={value}
                className="min-h-11 rounded-full text-sm font-semibold text-ink-700 data-[state=active]:bg-white data-[state=active]:text-ink-900 data-[state=active]:shadow-sm focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                {label}
              </TabsPrimitive.Trigger>
            ))}
          </TabsPrimitive.List>

          <TabsPrimitive.Content value="profile" className="grid grid-cols-1 gap-4 focus:outline-none">
            <AboutEditor
              user={user}
              value={profile.aboutMe}
              error={errors.aboutMe}
              onChange={(aboutMe) => setProfile({ ...profile, aboutMe })}
            />
            {user.role === 'spa_management' ? (
              <>
                <SpaLocationEditorCard address={user.address} />
                <OpeningHoursEditor
                  hours={profile.openingHours}
                  error={errors.openingHours}
                  onChange={(openingHours) => setProfile({ ...profile, openingHours })}
                />
              </>
            ) : null}
          </TabsPrimitive.Content>

          <TabsPrimitive.Content value="contact" className="grid grid-cols-1 gap-4 focus:outline-none">
            <ContactEditor contact={contact} errors={errors} onChange={setContact} />
          </TabsPrimitive.Content>
        </TabsPrimitive.Root>
        <FieldError id="form-error">{errors.form}</FieldError>
      </div>
    </PageShell>
  );
}

function SpaLocationEditorCard({ address }: { address: string | null }) {
  return (
    <section aria-label="Spa Location" className="grid grid-cols-1 gap-3 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm">
      <h3 className="font-display text-lg font-semibold text-ink-900">Spa Location</h3>
      <p className="flex items-start gap-2 text-sm text-ink-800 [overflow-wrap:anywhere]">
        <PinIcon size={18} className="mt-0.5 shrink-0 text-ink-500" />
        {address ?? 'No address yet. Add it so members can find you on the map.'}
      </p>
      <Link to="/edit-address" className={buttonClasses('outline', 'md', 'justify-self-start')}>
        Add/Edit Address
      </Link>
    </section>
  );
}
