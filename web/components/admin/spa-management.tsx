// Spa Management (spec, "Admin dashboard (route /admin)", "Validation rules", "The calls it makes" and
// "Error catalogue"): the list with rating, review count and Open/Closed, the Create New Spa and Edit Spa dialogs
// (closed, create open, edit open; closing the edit dialog clears the form), Delete with a confirm prompt (the app's
// ConfirmDialog), the spa management member a listing belongs to (its rating, reviews and hours), the listing's own
// opening hours, and the spa image: checked, compressed with the spa preset (800x600, q0.85, about 500 KB), then
// uploaded to POST /api/spas/{id}/upload-image with the saving in a toast. A listing without an image shows its
// initial on the brand colour; the dialog shows its errors at their fields and focuses the first.
import { useRef, useState } from 'react';
import { ADMIN_TEXTS, spaInput, splitAmenities, type AdminSpa } from '../../../common/admin.ts';
import type { WeeklyHours } from '../../../common/opening-hours.ts';
import { checkImageFile, IMAGE_ACCEPT, IMAGE_PRESETS, IMAGE_TEXTS } from '../../../common/image-presets.ts';
import { fieldErrorsOf, serverMessage } from '../../lib/errors.ts';
import { compressImage, savedPercent, uploadForm, UploadError } from '../../lib/upload.ts';
import { trpc } from '../../trpc.ts';
import { LoadingView } from '../loading-view.tsx';
import { MemberPicker } from '../member-picker.tsx';
import { OpeningHoursEditor } from '../profile/opening-hours-editor.tsx';
import { Rating } from '../rating.tsx';
import { Button } from '../ui/button.tsx';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { checkedBy, firstError, firstProblem, showServerErrors, submitHandler, useAppForm } from '../ui/form.tsx';
import { toast } from '../ui/use-toast.ts';

type FormState = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; spa: AdminSpa };

interface SpaForm {
  openingHours: WeeklyHours | null;
  ownerUserId: number | null;
  name: string;
  address: string;
  latitude: string;
  longitude: string;
  description: string;
  phone: string;
  website: string;
  amenities: string;
}

const EMPTY_FORM: SpaForm = {
  openingHours: null,
  ownerUserId: null,
  name: '',
  address: '',
  latitude: '',
  longitude: '',
  description: '',
  phone: '',
  website: '',
  amenities: '',
};

function formOf(spa: AdminSpa): SpaForm {
  return {
    name: spa.name,
    address: spa.address,
    latitude: String(spa.latitude),
    longitude: String(spa.longitude),
    description: spa.description ?? '',
    phone: spa.phone ?? '',
    website: spa.website ?? '',
    amenities: spa.amenities.join(', '),
    openingHours: spa.openingHours,
    ownerUserId: spa.owner?.id ?? null,
  };
}

export function SpaManagement() {
  const utils = trpc.useUtils();
  const spas = trpc.admin.spas.useQuery();
  const [form, setForm] = useState<FormState>({ mode: 'closed' });
  // The listing whose Delete asks to be confirmed (the app's confirm dialog, never the browser's).
  const [deleting, setDeleting] = useState<AdminSpa | null>(null);
  const refresh = () =>
    Promise.all([utils.admin.spas.invalidate(), utils.admin.stats.invalidate(), utils.admin.auditLog.invalidate()]);
  const remove = trpc.admin.deleteSpa.useMutation({
    onSuccess: () => {
      setDeleting(null);
      toast({ variant: 'success', title: ADMIN_TEXTS.spaDeleted });
      void refresh();
    },
  });

  return (
    <section aria-labelledby="spa-management-title" className="grid grid-cols-1 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="spa-management-title" className="font-display text-xl font-semibold text-ink-900">
          {ADMIN_TEXTS.tabs.spas}
        </h2>
        <Button onClick={() => setForm({ mode: 'create' })}>{ADMIN_TEXTS.addSpa}</Button>
      </div>
      {spas.isPending ? (
        <LoadingView inline />
      ) : spas.isError ? (
        <p className="text-red-700">{serverMessage(spas.error, 'The spas could not be loaded.')}</p>
      ) : spas.data.length === 0 ? (
        <p className="rounded-2xl border border-sand-200 bg-white p-6 text-center text-ink-700">{ADMIN_TEXTS.noSpas}</p>
      ) : (
        <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
          {spas.data.map((spa) => (
            <li
              key={spa.id}
              className="grid grid-cols-[auto_1fr] gap-3 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm"
            >
              <SpaTile spa={spa} />
              <div className="grid min-w-0 gap-1">
                <div className="flex min-w-0 items-start justify-between gap-2">
                  <h3 className="min-w-0 font-semibold break-words text-ink-900">{spa.name}</h3>
                  <span
                    className={
                      spa.isOpen
                        ? 'shrink-0 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800'
                        : 'shrink-0 rounded-full bg-sand-200 px-2 py-0.5 text-xs font-semibold text-ink-700'
                    }
                  >
                    {spa.isOpen ? ADMIN_TEXTS.open : ADMIN_TEXTS.closed}
                  </span>
                </div>
                <p className="text-sm break-words text-ink-700">{spa.address}</p>
                <p className="text-sm text-ink-700">
                  <Rating average={spa.averageRating} count={spa.reviewCount} />
                  <OwnerNote spa={spa} />
                </p>
                <div className="mt-1 flex flex-wrap gap-2">
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => setForm({ mode: 'edit', spa })}
                    aria-label={`Edit ${spa.name}`}
                  >
                    Edit
                  </Button>
                  <Button
                    size="sm"
                    variant="destructive"
                    aria-label={`Delete ${spa.name}`}
                    disabled={remove.isPending}
                    onClick={() => {
                      remove.reset();
                      setDeleting(spa);
                    }}
                  >
                    Delete
                  </Button>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      {deleting ? (
        <ConfirmDialog
          title={ADMIN_TEXTS.deleteSpaTitle(deleting.name)}
          description={ADMIN_TEXTS.deleteSpaDescription}
          confirmLabel={ADMIN_TEXTS.deleteSpa}
          pendingLabel={ADMIN_TEXTS.deleting}
          pending={remove.isPending}
          error={remove.error ? serverMessage(remove.error, 'Please try again.') : null}
          onConfirm={() => remove.mutate({ id: deleting.id })}
          onCancel={() => setDeleting(null)}
        />
      ) : null}
      {form.mode !== 'closed' ? (
        <SpaFormDialog
          key={form.mode === 'edit' ? form.spa.id : 'new'}
          editing={form.mode === 'edit' ? form.spa : null}
          onClose={() => setForm({ mode: 'closed' })}
          onSaved={() => void refresh()}
        />
      ) : null}
    </section>
  );
}

/**
 * A listing's picture: its image, or (without one) its initial on the brand colour, so that a list of spas without
 * photos still reads as designed rather than as images that failed to load.
 */
function SpaTile({ spa }: { spa: AdminSpa }) {
  if (spa.imageUrl) return <img src={spa.imageUrl} alt="" className="size-16 rounded-xl object-cover" />;
  const initial = Array.from(spa.name.trim())[0]?.toLocaleUpperCase() ?? 'S';
  return (
    <span
      aria-hidden="true"
      data-testid="spa-tile-fallback"
      className="flex size-16 items-center justify-center rounded-xl bg-gradient-to-br from-brand-600 to-brand-800 font-display text-3xl font-semibold text-white shadow-inner"
    >
      {initial}
    </span>
  );
}

/** The linked member, when the line does not already say it: a listing named after its member names it once. */
function OwnerNote({ spa }: { spa: AdminSpa }) {
  if (!spa.owner) return null;
  const same = spa.owner.name.trim().toLocaleLowerCase() === spa.name.trim().toLocaleLowerCase();
  return <span className="text-ink-600"> · {same ? 'linked member' : spa.owner.name}</span>;
}

/** The dialog's payload: numeric coordinates (blank is missing), amenities as a list (spec, "Validation rules"). */
function payloadOf(values: SpaForm) {
  const coordinate = (text: string) => (text.trim() ? Number(text) : undefined);
  return {
    ...values,
    latitude: coordinate(values.latitude),
    longitude: coordinate(values.longitude),
    amenities: splitAmenities(values.amenities),
  };
}

const SPA_CHECKS = checkedBy<SpaForm>(spaInput, payloadOf);
const SPA_FIELDS = Object.keys(spaInput.shape) as (keyof SpaForm)[];

function SpaFormDialog({
  editing,
  onClose,
  onSaved,
}: {
  editing: AdminSpa | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [image, setImage] = useState<File | null>(null);
  const [imageBusy, setImageBusy] = useState(false);
  const create = trpc.admin.createSpa.useMutation();
  const update = trpc.admin.updateSpa.useMutation();
  const busy = create.isPending || update.isPending || imageBusy;

  async function chooseImage(file: File | undefined) {
    if (!file) return;
    const problem = checkImageFile(file);
    if (problem) {
      toast({ variant: 'destructive', title: IMAGE_TEXTS.invalidTitle, description: problem });
      return;
    }
    setImageBusy(true);
    try {
      const compressed = await compressImage(file, IMAGE_PRESETS.spa);
      setImage(compressed);
      toast({
        variant: 'success',
        title: ADMIN_TEXTS.imageCompressedTitle,
        description: ADMIN_TEXTS.imageCompressed(savedPercent(file, compressed)),
      });
    } catch {
      toast({
        variant: 'destructive',
        title: ADMIN_TEXTS.processingFailedTitle,
        description: ADMIN_TEXTS.processingFailed,
      });
    } finally {
      setImageBusy(false);
    }
  }

  async function save(values: SpaForm) {
    // The checks have passed: parsing cannot fail, and gives the payload its types.
    const payload = spaInput.parse(payloadOf(values));
    let saved: AdminSpa;
    try {
      saved = editing ? await update.mutateAsync({ id: editing.id, ...payload }) : await create.mutateAsync(payload);
    } catch (error) {
      // A refused field shows at its field too, beside the dashboard's toast (spec, "Error catalogue").
      const fields = fieldErrorsOf(error);
      if (Object.keys(fields).length > 0) {
        showServerErrors(form, fields);
        requestAnimationFrame(() => focusFirstProblem());
      }
      return;
    }
    // The spa is saved either way; a failed upload is the one message left on screen (not hidden by a success).
    let uploadFailure: string | null = null;
    if (image) {
      setImageBusy(true);
      try {
        const form = new FormData();
        form.append('spaImage', image, 'spa.jpg');
        await uploadForm(`/api/spas/${saved.id}/upload-image`, form, () => undefined);
      } catch (error) {
        uploadFailure = error instanceof UploadError && error.message ? error.message : ADMIN_TEXTS.imageUploadFailed;
      } finally {
        setImageBusy(false);
      }
    }
    if (uploadFailure)
      toast({ variant: 'destructive', title: ADMIN_TEXTS.imageUploadFailedTitle, description: uploadFailure });
    else toast({ variant: 'success', title: editing ? ADMIN_TEXTS.spaUpdated : ADMIN_TEXTS.spaCreated });
    onSaved();
    onClose();
  }

  const form = useAppForm({
    defaultValues: editing ? formOf(editing) : EMPTY_FORM,
    validators: { onSubmit: SPA_CHECKS },
    // Each field shows its own error (the spec's "Please fill in all required fields" under each empty one) and the
    // first of them takes the focus: no message box beside the dialog, so Escape closes the dialog itself.
    onSubmitInvalid: () => requestAnimationFrame(() => focusFirstProblem()),
    onSubmit: ({ value }) => save(value),
  });
  const formElement = useRef<HTMLFormElement>(null);
  function focusFirstProblem() {
    const invalid = formElement.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    const field = firstProblem(form, SPA_FIELDS)?.field;
    (invalid ?? (field ? formElement.current?.querySelector<HTMLElement>(`[name="${field}"]`) : null))?.focus();
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !busy && onClose()}
      title={editing ? ADMIN_TEXTS.editSpaTitle : ADMIN_TEXTS.createSpaTitle}
    >
      <form ref={formElement} className="grid grid-cols-1 gap-3" onSubmit={submitHandler(form)} noValidate>
        <form.AppField name="name">
          {(field) => <field.TextField label="Name *" required autoComplete="off" />}
        </form.AppField>
        <form.AppField name="address">
          {(field) => <field.TextField label="Address *" required autoComplete="off" />}
        </form.AppField>
        <div className="grid grid-cols-2 gap-3">
          <form.AppField name="latitude">
            {(field) => <field.TextField label="Latitude *" inputMode="decimal" required />}
          </form.AppField>
          <form.AppField name="longitude">
            {(field) => <field.TextField label="Longitude *" inputMode="decimal" required />}
          </form.AppField>
        </div>
        <form.AppField name="description">
          {(field) => <field.TextArea id="spa-description" label="Description" rows={3} />}
        </form.AppField>
        <form.AppField name="phone">{(field) => <field.TextField label="Phone" inputMode="tel" />}</form.AppField>
        <form.AppField name="website">{(field) => <field.TextField label="Website" inputMode="url" />}</form.AppField>
        <form.AppField name="amenities">
          {(field) => <field.TextField label="Amenities" hint="Separate amenities with commas" />}
        </form.AppField>
        <form.Field name="ownerUserId">
          {(field) => (
            <>
              <MemberPicker
                id="spa-owner"
                label="Spa management member"
                groupLabel="Linked member"
                role="spa_management"
                value={field.state.value}
                error={firstError(field.state.meta.errors)}
                onChange={field.handleChange}
                noneLabel="Not linked"
                initialSearch={editing?.owner?.name ?? ''}
              />
              <p className="-mt-1 text-xs text-ink-600">
                A linked listing shows that member's rating, reviews and opening hours.
              </p>
            </>
          )}
        </form.Field>
        <form.Field name="openingHours">
          {(field) => (
            <OpeningHoursEditor
              hours={field.state.value}
              error={firstError(field.state.meta.errors)}
              onChange={field.handleChange}
              unsetText="No opening hours yet: the listing shows Closed until they are set."
              framed={false}
            />
          )}
        </form.Field>
        <form.Subscribe selector={(state) => state.values.ownerUserId !== null}>
          {(linked) =>
            linked ? (
              <p className="text-sm text-ink-700">
                The linked member's own opening hours, when set, decide Open or Closed for this listing.
              </p>
            ) : null
          }
        </form.Subscribe>
        <div className="grid grid-cols-1 gap-1.5">
          <label htmlFor="spa-image" className="text-sm font-medium text-ink-700">
            Spa image
          </label>
          <input
            id="spa-image"
            type="file"
            accept={IMAGE_ACCEPT}
            className="text-sm text-ink-700 file:mr-3 file:rounded-full file:border-0 file:bg-sand-100 file:px-4 file:py-2 file:font-medium"
            onChange={(event) => void chooseImage(event.target.files?.[0])}
          />
          {image ? <p className="text-xs text-ink-600">Ready to upload ({Math.round(image.size / 1024)} KB)</p> : null}
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {editing ? 'Save Changes' : 'Create Spa'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
