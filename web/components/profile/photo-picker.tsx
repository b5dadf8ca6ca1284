// The profile editor's photo: the member's picture with a camera badge; a tap opens the file picker, a file the
// rules refuse raises the spec's toast, and an accepted one opens the crop dialog, which uploads it and has the
// member fetched again.
import { lazy, Suspense, useRef, useState } from 'react';
import type { CurrentUser } from '../../../common/account.ts';
import { checkImageFile, IMAGE_ACCEPT, IMAGE_TEXTS } from '../../../common/image-presets.ts';
import { trpc } from '../../trpc.ts';
import { Avatar } from '../avatar.tsx';
import { toast } from '../ui/use-toast.ts';

// The cropper's code is fetched only when a photo has been chosen.
const CropDialog = lazy(() => import('./crop-dialog.tsx').then((module) => ({ default: module.CropDialog })));

export function PhotoPicker({ user }: { user: CurrentUser }) {
  const input = useRef<HTMLInputElement>(null);
  const utils = trpc.useUtils();
  const [file, setFile] = useState<File | null>(null);
  return (
    <>
      <button
        type="button"
        onClick={() => input.current?.click()}
        aria-label="Change profile picture"
        className="relative shrink-0 rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <Avatar name={user.name} picture={user.profilePic} role={user.role} size={80} />
        <span
          className="absolute -right-1 -bottom-1 flex size-8 items-center justify-center rounded-full bg-brand-700 text-white ring-2 ring-white"
          aria-hidden="true"
        >
          <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M4 8h3l2-2.5h6L17 8h3v11H4z" strokeLinejoin="round" />
            <circle cx="12" cy="13" r="3.5" />
          </svg>
        </span>
      </button>
      <input
        ref={input}
        type="file"
        accept={IMAGE_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="profile-photo-input"
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          event.target.value = '';
          if (!chosen) return;
          const problem = checkImageFile(chosen);
          if (problem) toast({ variant: 'destructive', title: IMAGE_TEXTS.invalidTitle, description: problem });
          else setFile(chosen);
        }}
      />
      {file ? (
        <Suspense fallback={null}>
          <CropDialog
            file={file}
            onClose={() => setFile(null)}
            onUploaded={() =>
              void Promise.all([
                utils.account.me.invalidate(),
                utils.profiles.invalidate(),
                utils.map.users.invalidate(),
              ])
            }
          />
        </Suspense>
      ) : null}
    </>
  );
}
