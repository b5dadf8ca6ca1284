// Submitting a licence: the kinds the member's role may submit, the number, the issuing office, the last valid day
// and a photo of the document. The photo is checked and compressed in the browser as the profile photo is (the
// server re-encodes it anyway and keeps it privately), then everything goes as one multipart call. The text fields
// are checked by the schema the server parses; the server's refusals (an expiry already past, a photo it cannot
// take) show at their fields, anything else above the button.
import { useEffect, useRef, useState } from 'react';
import { checkImageFile, IMAGE_ACCEPT, IMAGE_PRESETS, IMAGE_TEXTS } from '../../../common/image-presets.ts';
import {
  LICENCE_DOCUMENT_FIELD,
  LICENCE_KIND_LABELS,
  LICENCE_TEXTS,
  type LicenceKind,
} from '../../../common/licences.ts';
import { licenceFieldsInput } from '../../../common/licences-input.ts';
import { LICENCE_SCREEN_TEXTS } from '../../../common/licence-screens.ts';
import { fieldErrorsOf, httpStatusOf, serverMessage, submitErrorMessage } from '../../lib/errors.ts';
import { compressImage } from '../../lib/upload.ts';
import { trpc } from '../../trpc.ts';
import { Button } from '../ui/button.tsx';
import { FieldError, FormAlert } from '../ui/form-alert.tsx';
import { checkedBy, firstError, firstProblem, showServerErrors, submitHandler, useAppForm } from '../ui/form.tsx';
import { toast } from '../ui/use-toast.ts';

interface LicenceValues {
  kind: LicenceKind;
  number: string;
  issuedBy: string;
  expiresOn: string;
  document: File | null;
}

type LicenceField = keyof LicenceValues;
const FIELD_ORDER: readonly LicenceField[] = ['kind', 'number', 'issuedBy', 'expiresOn', 'document'];
const DOCUMENT_INPUT_ID = 'licence-document';

const LICENCE_CHECKS = checkedBy<LicenceValues>(licenceFieldsInput, ({ document: _document, ...fields }) => fields);

/** The server's refusals that concern one of the form's fields, the first per field. */
function refusedFields(error: unknown): Partial<Record<LicenceField, string>> {
  const refused: Partial<Record<LicenceField, string>> = {};
  for (const [name, message] of Object.entries(fieldErrorsOf(error))) {
    const field = name === LICENCE_DOCUMENT_FIELD ? 'document' : FIELD_ORDER.find((each) => each === name);
    if (field) refused[field] ??= message;
  }
  if (Object.keys(refused).length > 0) return refused;
  const message = serverMessage(error, '');
  // The expiry is checked against today's date on the server; the photo's bytes are checked there too (413, 415).
  if (message === LICENCE_TEXTS.expired) return { expiresOn: message };
  const status = httpStatusOf(error);
  if (message && (status === 413 || status === 415)) return { document: message };
  return {};
}

function focusFirstProblem(form: Parameters<typeof firstProblem>[0], formElement: HTMLFormElement | null) {
  const first = firstProblem(form, FIELD_ORDER);
  if (!first || !formElement) return;
  requestAnimationFrame(() => {
    const control =
      first.field === 'document'
        ? document.getElementById(DOCUMENT_INPUT_ID)
        : formElement.querySelector<HTMLElement>(`[name="${first.field}"]`);
    control?.scrollIntoView({ block: 'center', behavior: 'auto' });
    control?.focus({ preventScroll: true });
  });
}

export function LicenceForm({ kinds }: { kinds: readonly LicenceKind[] }) {
  const utils = trpc.useUtils();
  const formElement = useRef<HTMLFormElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [compressing, setCompressing] = useState(false);
  const submit = trpc.licences.submit.useMutation({
    // Refusals show at their fields or above the button: no toast.
    meta: { errorToast: false },
    onSuccess: () => {
      toast({ variant: 'success', title: LICENCE_TEXTS.submitted });
      form.reset();
      void utils.licences.mine.invalidate();
    },
    onError: (error) => {
      const refused = refusedFields(error);
      if (Object.keys(refused).length === 0) return setFailure(submitErrorMessage(error));
      showServerErrors(form, refused);
      focusFirstProblem(form, formElement.current);
    },
  });
  const form = useAppForm({
    defaultValues: { kind: kinds[0]!, number: '', issuedBy: '', expiresOn: '', document: null } as LicenceValues,
    validators: { onSubmit: LICENCE_CHECKS },
    onSubmitInvalid: ({ formApi }) => focusFirstProblem(formApi, formElement.current),
    onSubmit: ({ value }) => {
      // The document's own check (its field's) has passed: it is there.
      if (!value.document) return;
      const body = new FormData();
      body.set('kind', value.kind);
      body.set('number', value.number);
      body.set('issuedBy', value.issuedBy);
      body.set('expiresOn', value.expiresOn);
      body.set(LICENCE_DOCUMENT_FIELD, value.document, 'licence.jpg');
      submit.mutate(body);
    },
  });
  const busy = submit.isPending || compressing;

  return (
    <form
      ref={formElement}
      aria-labelledby="licence-form-title"
      noValidate
      onSubmit={submitHandler(form, () => setFailure(null))}
      className="grid grid-cols-1 gap-4 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm"
    >
      <h2 id="licence-form-title" className="font-display text-lg font-semibold text-ink-900">
        {LICENCE_SCREEN_TEXTS.formHeading}
      </h2>
      <form.AppField name="kind">
        {(field) => (
          <field.Select
            label={LICENCE_SCREEN_TEXTS.kindLabel}
            options={kinds.map((kind) => ({ value: kind, label: LICENCE_KIND_LABELS[kind] }))}
          />
        )}
      </form.AppField>
      <form.AppField name="number">
        {(field) => <field.TextField label={LICENCE_SCREEN_TEXTS.numberLabel} autoComplete="off" required />}
      </form.AppField>
      <form.AppField name="issuedBy">
        {(field) => (
          <field.TextField
            label={LICENCE_SCREEN_TEXTS.issuedByLabel}
            hint={LICENCE_SCREEN_TEXTS.issuedByHint}
            autoComplete="off"
            required
          />
        )}
      </form.AppField>
      <form.AppField name="expiresOn">
        {(field) => (
          <field.TextField
            type="date"
            label={LICENCE_SCREEN_TEXTS.expiresOnLabel}
            hint={LICENCE_SCREEN_TEXTS.expiresOnHint}
            required
          />
        )}
      </form.AppField>
      <form.Field
        name="document"
        validators={{ onSubmit: ({ value }) => (value ? undefined : LICENCE_SCREEN_TEXTS.documentRequired) }}
      >
        {(field) => (
          <DocumentPicker
            file={field.state.value}
            error={firstError(field.state.meta.errors)}
            disabled={busy}
            onCompressing={setCompressing}
            onChange={field.handleChange}
          />
        )}
      </form.Field>
      <FormAlert>{failure}</FormAlert>
      <Button type="submit" disabled={busy} className="justify-self-start">
        {submit.isPending ? LICENCE_SCREEN_TEXTS.submitting : LICENCE_SCREEN_TEXTS.submit}
      </Button>
    </form>
  );
}

/** The document's photo: the file picker, the check and compression as soon as one is chosen, and its preview. */
function DocumentPicker({
  file,
  error,
  disabled,
  onCompressing,
  onChange,
}: {
  file: File | null;
  error: string | undefined;
  disabled: boolean;
  onCompressing: (compressing: boolean) => void;
  onChange: (file: File | null) => void;
}) {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  async function choose(chosen: File | undefined) {
    if (!chosen) return;
    const problem = checkImageFile(chosen);
    if (problem) {
      toast({ variant: 'destructive', title: IMAGE_TEXTS.invalidTitle, description: problem });
      return;
    }
    onCompressing(true);
    try {
      onChange(await compressImage(chosen, IMAGE_PRESETS.document));
    } catch {
      toast({ variant: 'destructive', title: IMAGE_TEXTS.invalidTitle, description: IMAGE_TEXTS.invalidType });
    } finally {
      onCompressing(false);
    }
  }

  const errorId = `${DOCUMENT_INPUT_ID}-error`;
  return (
    <div className="grid grid-cols-1 gap-1.5">
      <label htmlFor={DOCUMENT_INPUT_ID} className="text-sm font-medium text-ink-700">
        {LICENCE_SCREEN_TEXTS.documentLabel}
      </label>
      <input
        id={DOCUMENT_INPUT_ID}
        type="file"
        accept={IMAGE_ACCEPT}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : `${DOCUMENT_INPUT_ID}-hint`}
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          event.target.value = '';
          void choose(chosen);
        }}
        className="min-h-11 text-sm text-ink-700 file:mr-3 file:min-h-11 file:rounded-full file:border-0 file:bg-sand-100 file:px-4 file:font-medium"
      />
      <p id={`${DOCUMENT_INPUT_ID}-hint`} className="text-xs text-ink-600">
        {LICENCE_SCREEN_TEXTS.documentHint}
      </p>
      <FieldError id={errorId}>{error}</FieldError>
      {preview && file ? (
        <figure className="flex items-center gap-3">
          <img
            src={preview}
            alt={LICENCE_SCREEN_TEXTS.documentPreview}
            className="h-20 w-auto rounded-lg border border-sand-200"
          />
          <figcaption className="text-xs text-ink-600">
            {LICENCE_SCREEN_TEXTS.documentReady(Math.round(file.size / 1024))}
          </figcaption>
        </figure>
      ) : null}
    </div>
  );
}
