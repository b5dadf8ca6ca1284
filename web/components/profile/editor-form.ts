// The profile editor's one form, both tabs (spec, "/edit-profile"): TanStack Form over the member's fields,
// checked with the schema PATCH /api/profile parses, on what a save would send: the fields that changed (a
// member who never wrote an about text can still save a phone number). The name's required message is the
// role's own (Spa name is required), which the procedure checks apart from the schema; the name field checks it.
// A save sends every change at once; tabs save on every switch, so only the open tab can hold changes. A change of
// the e-mail address (a new one, or none) carries the current password, which the Contact tab asks for then.
import { useState } from 'react';
import type { CurrentUser } from '../../../common/account.ts';
import type { WeeklyHours } from '../../../common/opening-hours.ts';
import { emailChangeAsksPassword, normalizeEmail } from '../../../common/privacy.ts';
import { CONTACT_HANDLES, PROFILE_TEXTS, type HandleKey } from '../../../common/profile.ts';
import { updateProfileInput, type UpdateProfileInput } from '../../../common/profile-input.ts';
import { fieldErrorsOf, httpStatusOf, serverMessage } from '../../lib/errors.ts';
import { trpc } from '../../trpc.ts';
import { checkedBy, showServerErrors, submitForm, useAppForm } from '../ui/form.tsx';
import { toast } from '../ui/use-toast.ts';

export type EditorValues = {
  name: string;
  aboutMe: string;
  openingHours: WeeklyHours | null;
  email: string;
  /** Asked only while the e-mail field would change the address (emailPasswordAsked). */
  currentPassword: string;
  phoneNumber: string;
} & Record<HandleKey, string>;

/** The fields of the first tab (Spa, Services or Profile); the others are the Contact tab's. */
export const PROFILE_TAB_FIELDS: readonly string[] = ['name', 'aboutMe', 'openingHours'];

function valuesOf(user: CurrentUser): EditorValues {
  const handles = Object.fromEntries(CONTACT_HANDLES.map(({ key }) => [key, user[key] ?? ''])) as Record<
    HandleKey,
    string
  >;
  return {
    name: user.name,
    aboutMe: user.aboutMe ?? '',
    openingHours: user.openingHours,
    // A new address waiting for its confirmation link is what the field shows (and what a save compares with).
    email: user.pendingEmail ?? user.email ?? '',
    currentPassword: '',
    phoneNumber: user.phoneNumber ?? '',
    ...handles,
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Whether the e-mail field, as it stands, changes the account's address (a new one, or none): the server then asks
 * for the current password. Unchanged, or back to the address in use (cancelling a pending change), it does not.
 */
export function emailPasswordAsked(user: CurrentUser, email: string): boolean {
  return email !== valuesOf(user).email && emailChangeAsksPassword(user.email, normalizeEmail(email));
}

/** What a save sends: only the fields that changed, and the current password with a change of address. */
function changesOf(user: CurrentUser, values: EditorValues): UpdateProfileInput {
  const { name, aboutMe, openingHours, currentPassword, ...contact } = values;
  const base = valuesOf(user);
  const changes: UpdateProfileInput = Object.fromEntries(
    Object.entries(contact).filter(([key, value]) => value !== base[key as keyof EditorValues]),
  );
  if (emailPasswordAsked(user, values.email)) changes.currentPassword = currentPassword;
  // The name and the about text travel together (the spec's payload), and both are required.
  if (name !== base.name || aboutMe !== base.aboutMe) Object.assign(changes, { name, aboutMe });
  if (user.role === 'spa_management' && !same(openingHours, base.openingHours)) changes.openingHours = openingHours;
  return changes;
}

/**
 * The form, and `save`: true when there was nothing to save or it was saved. A refusal, in the browser or by
 * the server, shows at its fields with the spec's toast; `onInvalid` hears which fields the browser refused.
 */
export function useProfileEditor(user: CurrentUser, onInvalid: (fields: string[]) => void) {
  const utils = trpc.useUtils();
  // A refusal shows at its fields (or above the buttons) with the spec's toast, raised here.
  const update = trpc.profiles.update.useMutation({ meta: { errorToast: false } });
  const [defaultValues] = useState(() => valuesOf(user));
  /** A refusal the server did not tie to a field. */
  const [formError, setFormError] = useState<string | null>(null);
  const failed = () =>
    toast({ variant: 'destructive', title: PROFILE_TEXTS.saveFailedTitle, description: PROFILE_TEXTS.saveFailed });

  const form = useAppForm({
    defaultValues,
    validators: { onSubmit: checkedBy<EditorValues>(updateProfileInput, (values) => changesOf(user, values)) },
    onSubmitInvalid: ({ formApi }) => {
      onInvalid(
        Object.entries(formApi.state.fieldMeta).flatMap(([field, meta]) => (meta?.errors.length ? [field] : [])),
      );
      failed();
    },
    onSubmit: async ({ value, formApi }) => {
      const changes = changesOf(user, value);
      if (Object.keys(changes).length === 0) return;
      try {
        const saved = await update.mutateAsync(changes);
        // The current user and every profile (and the spa list built from them) are fetched again.
        utils.account.me.setData(undefined, saved);
        // The password served this save only.
        if (changes.currentPassword !== undefined) formApi.setFieldValue('currentPassword', '');
        await Promise.all([utils.profiles.invalidate(), utils.map.users.invalidate()]);
      } catch (error) {
        const message = serverMessage(error, PROFILE_TEXTS.saveFailed);
        // A name or an address another member holds is refused without a field: its words say which.
        const conflict =
          changes.name !== undefined && /name/i.test(message)
            ? 'name'
            : changes.email !== undefined && /email/i.test(message)
              ? 'email'
              : null;
        const fields = fieldErrorsOf(error);
        if (Object.keys(fields).length > 0) showServerErrors(formApi, fields);
        // A wrong current password is that field's.
        else if (changes.currentPassword !== undefined && httpStatusOf(error) === 401)
          showServerErrors(formApi, { currentPassword: message });
        else if (conflict) showServerErrors(formApi, { [conflict]: message });
        else setFormError(message);
        failed();
        // The save failed: the editor stays where it is.
        throw error;
      }
    },
  });

  async function save(): Promise<boolean> {
    setFormError(null);
    try {
      await submitForm(form);
    } catch {
      return false;
    }
    return form.state.isSubmitSuccessful;
  }

  return { form, save, saving: update.isPending, formError };
}

export type ProfileEditorForm = ReturnType<typeof useProfileEditor>['form'];
