// The profile photo flow (spec, "States and transitions", "Error catalogue" and "Business constants and limits"),
// loaded only when a member picks a photo: the crop dialog "Adjust Your Profile Picture" (react-easy-crop: round,
// aspect 1, zoom 1 to 3 in steps of 0.1, Cancel and Save Photo), the crop drawn as a 400x400 JPEG at quality 0.95,
// compressed with the profile preset (browser-image-compression: 400x400, quality 0.8, about 200 KB) with the
// percentage saved shown, and the upload with a progress bar. The server re-encodes the photo and makes the 200x200
// thumbnail itself (ADR 017), so none is sent. On success the dialog closes and the member is fetched again; failures
// raise the spec's toasts.
import { useEffect, useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { CROP_OUTPUT, CROP_ZOOM, IMAGE_PRESETS, IMAGE_TEXTS } from '../../../common/image-presets.ts';
import { compressImage, savedPercent, uploadForm, UploadError } from '../../lib/upload.ts';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { toast } from '../ui/use-toast.ts';

export const UPLOAD_PATH = '/api/profile/upload-pic';

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The picture could not be read.'));
    image.src = src;
  });
}

/** The chosen square of the picture as a 400x400 JPEG (quality 0.95). */
async function cropToJpeg(src: string, area: Area): Promise<File> {
  const image = await loadImage(src);
  const canvas = document.createElement('canvas');
  canvas.width = CROP_OUTPUT.size;
  canvas.height = CROP_OUTPUT.size;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No canvas.');
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, CROP_OUTPUT.size, CROP_OUTPUT.size);
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, CROP_OUTPUT.type, CROP_OUTPUT.quality),
  );
  if (!blob) throw new Error('The crop could not be encoded.');
  return new File([blob], 'profile.jpg', { type: CROP_OUTPUT.type });
}

type Stage = { name: 'cropping' } | { name: 'compressing' } | { name: 'uploading'; percent: number; saved: number };

export interface CropDialogProps {
  file: File;
  onClose: () => void;
  onUploaded: () => void;
}

export function CropDialog({ file, onClose, onUploaded }: CropDialogProps) {
  const [source] = useState(() => URL.createObjectURL(file));
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState<number>(CROP_ZOOM.min);
  const [area, setArea] = useState<Area | null>(null);
  const [stage, setStage] = useState<Stage>({ name: 'cropping' });
  useEffect(() => () => URL.revokeObjectURL(source), [source]);

  async function save() {
    if (!area) return;
    let cropped: File;
    try {
      setStage({ name: 'compressing' });
      cropped = await cropToJpeg(source, area);
    } catch {
      toast({ variant: 'destructive', title: IMAGE_TEXTS.cropFailedTitle, description: IMAGE_TEXTS.cropFailed });
      setStage({ name: 'cropping' });
      return;
    }
    try {
      const picture = await compressImage(cropped, IMAGE_PRESETS.profile);
      const saved = savedPercent(file, picture);
      setStage({ name: 'uploading', percent: 0, saved });
      const form = new FormData();
      form.append('profilePic', picture, 'profile.jpg');
      await uploadForm(UPLOAD_PATH, form, (percent) => setStage({ name: 'uploading', percent, saved }));
      // The upload may take less time than it takes to read the figure: the toast keeps it.
      toast({ variant: 'success', title: IMAGE_TEXTS.uploadedTitle, description: IMAGE_TEXTS.compressedBy(saved) });
      onUploaded();
      onClose();
    } catch (error) {
      // A refused or broken upload says the server's message, else the spec's upload error text.
      const message =
        error instanceof UploadError ? error.message || IMAGE_TEXTS.uploadFailed : IMAGE_TEXTS.unknownError;
      toast({ variant: 'destructive', title: IMAGE_TEXTS.uploadFailedTitle, description: message });
      setStage({ name: 'cropping' });
    }
  }

  const busy = stage.name !== 'cropping';
  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()} title={IMAGE_TEXTS.cropTitle}>
      <div className="relative h-72 overflow-hidden rounded-2xl bg-ink-900">
        <Cropper
          image={source}
          crop={crop}
          zoom={zoom}
          minZoom={CROP_ZOOM.min}
          maxZoom={CROP_ZOOM.max}
          aspect={1}
          cropShape="round"
          showGrid={false}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_, pixels) => setArea(pixels)}
        />
      </div>
      <label className="grid gap-1.5 text-sm font-medium text-ink-700">
        Zoom
        <input
          type="range"
          min={CROP_ZOOM.min}
          max={CROP_ZOOM.max}
          step={CROP_ZOOM.step}
          value={zoom}
          disabled={busy}
          onChange={(event) => setZoom(Number(event.target.value))}
          className="h-11 w-full accent-brand-700"
        />
      </label>
      {stage.name === 'compressing' ? (
        <p role="status" className="text-sm text-ink-700">
          Compressing...
        </p>
      ) : null}
      {stage.name === 'uploading' ? (
        <div role="status" className="grid gap-2 text-sm text-ink-700">
          <p>{IMAGE_TEXTS.compressedBy(stage.saved)}</p>
          <div
            role="progressbar"
            aria-label="Upload progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={stage.percent}
            className="h-2 overflow-hidden rounded-full bg-sand-200"
          >
            <div
              className="h-full rounded-full bg-brand-700 transition-[width]"
              style={{ width: `${stage.percent}%` }}
            />
          </div>
          <p>Uploading... {stage.percent}%</p>
        </div>
      ) : null}
      <div className="flex justify-end gap-3">
        <Button variant="outline" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button onClick={() => void save()} disabled={busy || !area}>
          Save Photo
        </Button>
      </div>
    </Dialog>
  );
}
