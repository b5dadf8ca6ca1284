// The profile editor's Contact tab: the email (only its owner sees it), the phone as members write it, and the
// seven handles, each with its error under it.
import { CONTACT_HANDLES, type HandleKey } from '../../../common/profile.ts';
import { TextField } from '../ui/input.tsx';

export type ContactForm = { email: string; phoneNumber: string } & Record<HandleKey, string>;

const HANDLE_PLACEHOLDERS: Record<HandleKey, string> = {
  viberHandle: '0917 123 4567',
  messengerHandle: 'your.messenger.name',
  telegramHandle: 'yourname',
  whatsappHandle: '+63 917 123 4567',
  instagramHandle: '@yourname',
  tiktokHandle: '@yourname',
  facebookHandle: 'your.page',
};

export function ContactEditor({ contact, errors, onChange }: { contact: ContactForm; errors: Partial<Record<string, string>>; onChange: (contact: ContactForm) => void }) {
  return (
    <section aria-label="Contact" className="grid grid-cols-1 gap-4 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm">
      <TextField
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        value={contact.email}
        error={errors.email}
        hint="Only you can see your email."
        onChange={(event) => onChange({ ...contact, email: event.target.value })}
      />
      <TextField
        label="Phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="0917 123 4567"
        value={contact.phoneNumber}
        error={errors.phoneNumber}
        hint="Philippine numbers as you write them (0917 123 4567); numbers abroad with their + code."
        onChange={(event) => onChange({ ...contact, phoneNumber: event.target.value })}
      />
      {CONTACT_HANDLES.map(({ key, label }) => (
        <TextField
          key={key}
          label={label}
          placeholder={HANDLE_PLACEHOLDERS[key]}
          value={contact[key]}
          error={errors[key]}
          onChange={(event) => onChange({ ...contact, [key]: event.target.value })}
        />
      ))}
    </section>
  );
}
