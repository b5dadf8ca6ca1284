// The profile editor's Contact tab: the email (only its owner sees it; a new one is used once its confirmation
// link is followed, and while it waits the notice under the field says so and can cancel it), the current password
// while the field would change or remove the address (the server asks for it), the phone as members write it, and
// the seven handles, each with its error under it.
import type { CurrentUser } from '../../../common/account.ts';
import { PASSWORD_MAX_LENGTH } from '../../../common/limits.ts';
import { PRIVACY_TEXTS } from '../../../common/privacy.ts';
import { CONTACT_HANDLES, type HandleKey } from '../../../common/profile.ts';
import { PendingEmailNotice } from '../privacy/pending-email.tsx';
import { emailPasswordAsked, type ProfileEditorForm } from './editor-form.ts';

const HANDLE_PLACEHOLDERS: Record<HandleKey, string> = {
  viberHandle: '0917 123 4567',
  messengerHandle: 'your.messenger.name',
  telegramHandle: 'yourname',
  whatsappHandle: '+63 917 123 4567',
  instagramHandle: '@yourname',
  tiktokHandle: '@yourname',
  facebookHandle: 'your.page',
};

export function ContactEditor({ form, user }: { form: ProfileEditorForm; user: CurrentUser }) {
  return (
    <section
      aria-label="Contact"
      className="grid grid-cols-1 gap-4 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm"
    >
      <form.AppField name="email">
        {(field) => (
          <field.TextField
            label="Email"
            type="email"
            inputMode="email"
            autoComplete="email"
            hint="Only you can see your email. A new address is used once you follow the link we send to it."
          />
        )}
      </form.AppField>
      <form.Subscribe selector={(state) => emailPasswordAsked(user, state.values.email)}>
        {(asked) =>
          asked ? (
            <form.AppField name="currentPassword">
              {(field) => (
                <field.TextField
                  label={PRIVACY_TEXTS.emailPasswordLabel}
                  type="password"
                  autoComplete="current-password"
                  maxLength={PASSWORD_MAX_LENGTH}
                  hint={PRIVACY_TEXTS.emailPasswordHint}
                />
              )}
            </form.AppField>
          ) : null
        }
      </form.Subscribe>
      {/* Cancelled: the field shows the address the account keeps using. */}
      <PendingEmailNotice user={user} onCancelled={(saved) => form.setFieldValue('email', saved.email ?? '')} />
      <form.AppField name="phoneNumber">
        {(field) => (
          <field.TextField
            label="Phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="0917 123 4567"
            hint="Philippine numbers as you write them (0917 123 4567); numbers abroad with their + code."
          />
        )}
      </form.AppField>
      {CONTACT_HANDLES.map(({ key, label }) => (
        <form.AppField key={key} name={key}>
          {(field) => <field.TextField label={label} placeholder={HANDLE_PLACEHOLDERS[key]} />}
        </form.AppField>
      ))}
    </section>
  );
}
