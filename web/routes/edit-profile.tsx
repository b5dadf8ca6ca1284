// /edit-profile (spec, "/edit-profile"): Save and Cancel in the header, the photo (crop dialog, upload),
// the name inline with the member number, and two tabs: the first (Spa / Services / Profile) with the about
// text under its role heading, AI Assist, and for spa management the Spa Location card and the opening hours;
// the second, Contact, with the email, the phone and the seven handles. Switching tabs first saves the tab
// being left (when it changed) and stays on it when saving fails. Every rule shown here is checked again by
// the server (PATCH /api/profile).
import { Link, useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import type { CurrentUser } from '../../common/account.ts';
import { nameIssue, roleTexts } from '../../common/profile.ts';
import { NAME_MAX_LENGTH } from '../../common/limits.ts';
import { LoadingView } from '../components/loading-view.tsx';
import { PinIcon } from '../components/icons.tsx';
import { PageShell } from '../components/page-shell.tsx';
import { AboutEditor } from '../components/profile/about-editor.tsx';
import { ContactEditor } from '../components/profile/contact-editor.tsx';
import { PROFILE_TAB_FIELDS, useProfileEditor } from '../components/profile/editor-form.ts';
import { OpeningHoursEditor } from '../components/profile/opening-hours-editor.tsx';
import { PhotoPicker } from '../components/profile/photo-picker.tsx';
import { Button, buttonClasses } from '../components/ui/button.tsx';
import { FieldError } from '../components/ui/form-alert.tsx';
import { firstError } from '../components/ui/form.tsx';
import { inputClasses } from '../components/ui/input.tsx';
import { TabList, TabPanel, TabsRoot, TabTrigger } from '../components/ui/tabs.tsx';
import { cn } from '../lib/cn.ts';
import { trpc } from '../trpc.ts';

/** The editor reads the member once and keeps it 5 minutes (spec, "States and transitions"). */
const EDITOR_USER_QUERY = { staleTime: 0, gcTime: 5 * 60_000 } as const;

type TabKey = 'profile' | 'contact';

export function EditProfilePage() {
  const me = trpc.account.me.useQuery(undefined, EDITOR_USER_QUERY);
  if (!me.data) return <LoadingView />;
  return <Editor key={me.data.id} user={me.data} />;
}

function Editor({ user }: { user: CurrentUser }) {
  const navigate = useNavigate();
  const texts = roleTexts(user.role);
  const [tab, setTab] = useState<TabKey>('profile');
  // A refusal in the browser opens the tab of the fields it is about.
  const { form, save, saving, formError } = useProfileEditor(user, (fields) =>
    setTab(fields.some((field) => PROFILE_TAB_FIELDS.includes(field)) ? 'profile' : 'contact'),
  );

  // One save per switch: the tabs report a change twice (pointer down, then focus) before the first save answers.
  const switching = useRef(false);
  async function switchTab(next: TabKey) {
    if (next === tab || switching.current) return;
    switching.current = true;
    try {
      if (await save()) setTab(next);
    } finally {
      switching.current = false;
    }
  }

  async function saveAndLeave() {
    if (await save()) void navigate({ to: '/profile' });
  }

  return (
    <PageShell
      title="Edit Profile"
      actions={
        <>
          <Link to="/profile" className={buttonClasses('outline', 'sm', 'min-h-11')}>
            Cancel
          </Link>
          <Button size="sm" className="min-h-11" onClick={() => void saveAndLeave()} disabled={saving}>
            {saving ? 'Saving...' : 'Save'}
          </Button>
        </>
      }
    >
      <div className="grid grid-cols-1 gap-5">
        <section
          aria-label="Photo and name"
          className="flex items-center gap-4 rounded-3xl border border-sand-200 bg-white p-4 shadow-sm"
        >
          <PhotoPicker user={user} />
          <form.Field name="name" validators={{ onSubmit: ({ value }) => nameIssue(user.role, value) ?? undefined }}>
            {(field) => {
              const error = firstError(field.state.meta.errors);
              return (
                <div className="grid min-w-0 flex-1 grid-cols-1 gap-1.5">
                  <div className="flex min-w-0 items-center justify-between gap-2">
                    <label htmlFor="profile-name" className="text-sm font-medium text-ink-700">
                      {texts.nameLabel}
                    </label>
                    <span className="shrink-0 rounded-full bg-sand-100 px-2.5 py-1 text-xs font-semibold text-ink-800 ring-1 ring-sand-300 ring-inset">
                      #{user.memberNumber}
                    </span>
                  </div>
                  {/* One line of text that wraps and grows rather than scroll: the whole name always shows. */}
                  <textarea
                    id="profile-name"
                    rows={1}
                    value={field.state.value}
                    maxLength={NAME_MAX_LENGTH}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? 'profile-name-error' : undefined}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter') event.preventDefault();
                    }}
                    onChange={(event) => field.handleChange(event.target.value.replace(/[\r\n]+/g, ' '))}
                    className={cn(
                      inputClasses,
                      'h-auto min-h-12 resize-none py-2.5 leading-snug font-semibold [overflow-wrap:anywhere] field-sizing-content',
                    )}
                  />
                  <FieldError id="profile-name-error">{error}</FieldError>
                </div>
              );
            }}
          </form.Field>
        </section>

        <TabsRoot
          value={tab}
          onValueChange={(next) => void switchTab(next as TabKey)}
          className="grid grid-cols-1 gap-4"
        >
          <TabList aria-label="Edit profile sections" className="grid grid-cols-2 gap-2 rounded-full bg-sand-100 p-1">
            {(
              [
                ['profile', texts.editorTab],
                ['contact', 'Contact'],
              ] as const
            ).map(([value, label]) => (
              <TabTrigger
                key={value}
                value={value}
                className="min-h-11 rounded-full text-sm font-semibold text-ink-700 data-[state=active]:bg-white data-[state=active]:text-ink-900 data-[state=active]:shadow-sm focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                {label}
              </TabTrigger>
            ))}
          </TabList>

          <TabPanel value="profile" className="grid grid-cols-1 gap-4">
            <AboutEditor form={form} user={user} />
            {user.role === 'spa_management' ? (
              <>
                <SpaLocationEditorCard address={user.address} />
                <form.Field name="openingHours">
                  {(field) => (
                    <OpeningHoursEditor
                      hours={field.state.value}
                      error={firstError(field.state.meta.errors)}
                      onChange={field.handleChange}
                    />
                  )}
                </form.Field>
              </>
            ) : null}
          </TabPanel>

          <TabPanel value="contact" className="grid grid-cols-1 gap-4">
            <ContactEditor form={form} user={user} />
          </TabPanel>
        </TabsRoot>
        <FieldError id="form-error">{formError}</FieldError>
      </div>
    </PageShell>
  );
}

function SpaLocationEditorCard({ address }: { address: string | null }) {
  return (
    <section
      aria-label="Spa Location"
      className="grid grid-cols-1 gap-3 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm"
    >
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
