// "Delete your account" (beyond the spec; ADR 022). It asks twice: first a confirmation that says plainly what is
// erased and what stays (reviews and gifts given stay as "Former member"; payments are kept for the accounting
// records), then the password (DELETE /api/user checks it again; a wrong one is shown at the field, the last admin's
// refusal and the rate limit above the buttons). Once deleted, the app does what sign-out does (every cached answer
// dropped, a full load of /) and the landing page says the account was deleted.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { deleteAccountInput } from '../../../common/privacy-input.ts';
import { PRIVACY_TEXTS } from '../../../common/privacy.ts';
import { PASSWORD_MAX_LENGTH } from '../../../common/limits.ts';
import { httpStatusOf, serverMessage } from '../../lib/errors.ts';
import { rememberSessionEnd } from '../../lib/session-end.ts';
import { trpc } from '../../trpc.ts';
import { Button } from '../ui/button.tsx';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { FormAlert } from '../ui/form-alert.tsx';
import { showServerErrors, submitHandler, useAppForm } from '../ui/form.tsx';
import { PrivacySection } from './privacy-section.tsx';

type Step = 'closed' | 'confirm' | 'password';

export function DeleteAccountSection() {
  const [step, setStep] = useState<Step>('closed');
  // Both dialogs give focus back to the button that opened them.
  const [opener, setOpener] = useState<HTMLButtonElement | null>(null);
  return (
    <PrivacySection
      id="privacy-delete"
      title={PRIVACY_TEXTS.deleteHeading}
      intro={PRIVACY_TEXTS.deleteIntro}
      tone="danger"
    >
      <Button ref={setOpener} variant="destructive" className="w-full" onClick={() => setStep('confirm')}>
        {PRIVACY_TEXTS.deleteButton}
      </Button>
      {step === 'confirm' ? (
        <ConfirmDialog
          title={PRIVACY_TEXTS.deleteConfirmTitle}
          description={
            <>
              <span className="block">{PRIVACY_TEXTS.deleteIntro}</span>
              <span className="mt-2 block">{PRIVACY_TEXTS.deleteKept}</span>
              <span className="mt-2 block">{PRIVACY_TEXTS.deleteErased}</span>
            </>
          }
          confirmLabel={PRIVACY_TEXTS.deleteContinue}
          onConfirm={() => setStep('password')}
          onCancel={() => setStep('closed')}
          returnFocusTo={opener}
        />
      ) : null}
      {step === 'password' ? <PasswordStep onCancel={() => setStep('closed')} returnFocusTo={opener} /> : null}
    </PrivacySection>
  );
}

function PasswordStep({ onCancel, returnFocusTo }: { onCancel: () => void; returnFocusTo: HTMLElement | null }) {
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const remove = trpc.privacy.deleteAccount.useMutation({
    // The dialog shows the refusal: a wrong password at its field, anything else above the buttons.
    meta: { errorToast: false },
    onSuccess: () => {
      rememberSessionEnd('deleted');
      queryClient.clear();
      window.location.assign('/');
    },
  });
  const form = useAppForm({
    defaultValues: { password: '' },
    validators: { onSubmit: deleteAccountInput },
    onSubmit: async ({ value, formApi }) => {
      try {
        await remove.mutateAsync(value);
      } catch (error) {
        const message = serverMessage(error, PRIVACY_TEXTS.deleteFailed);
        // A wrong password is the field's; anything else (the last admin, too many attempts) the form's.
        if (httpStatusOf(error) === 401) showServerErrors(formApi, { password: message });
        else setFormError(message);
      }
    },
  });
  const busy = remove.isPending || remove.isSuccess;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !busy && onCancel()}
      returnFocusTo={returnFocusTo}
      title={PRIVACY_TEXTS.deletePasswordTitle}
      description={PRIVACY_TEXTS.deletePasswordIntro}
    >
      <form
        noValidate
        onSubmit={submitHandler(form, () => setFormError(null))}
        className="grid grid-cols-1 gap-4"
        aria-label="Delete your account"
      >
        <form.AppField name="password">
          {(field) => (
            <field.TextField
              id="delete-account-password"
              label={PRIVACY_TEXTS.deletePasswordLabel}
              type="password"
              autoComplete="current-password"
              maxLength={PASSWORD_MAX_LENGTH}
              autoFocus
            />
          )}
        </form.AppField>
        <FormAlert>{formError}</FormAlert>
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive" disabled={busy}>
            {busy ? PRIVACY_TEXTS.deleting : PRIVACY_TEXTS.deleteConfirmButton}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
