// The save button of a spa or therapist (profiles, the map popup): self-contained, with its own query. It shows
// Save or Saved and opens the lists dialog (save-dialog.tsx), whose code and form load when it is first wanted.
import { Suspense, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { lazyComponent } from '../../lib/lazy-component.ts';
import { trpc } from '../../trpc.ts';
import { HeartIcon } from '../icons.tsx';
import { Button } from '../ui/button.tsx';

const SaveDialog = lazyComponent(() => import('./save-dialog.tsx').then((module) => module.SaveDialog));

export interface SaveButtonProps {
  /** The spa (spa_management member) or therapist to save. */
  targetUserId: number;
  targetName: string;
  className?: string;
}

export function SaveButton({ targetUserId, targetName, className }: SaveButtonProps) {
  const [open, setOpen] = useState<boolean | null>(null);
  const lists = trpc.favorites.saved.useQuery({ targetUserId });
  const isSaved = lists.data?.some((list) => list.saved) ?? false;
  return (
    <>
      <Button
        variant={isSaved ? 'secondary' : 'outline'}
        size="md"
        aria-haspopup="dialog"
        className={cn('min-w-11', className)}
        onClick={() => setOpen(true)}
        onPointerEnter={SaveDialog.preload}
        onFocus={SaveDialog.preload}
        disabled={lists.isPending}
      >
        <HeartIcon
          size={20}
          fill={isSaved ? 'currentColor' : 'none'}
          className={isSaved ? 'text-red-600' : undefined}
        />
        {isSaved ? 'Saved' : 'Save'}
      </Button>
      {open === null ? null : (
        <Suspense fallback={null}>
          <SaveDialog open={open} onOpenChange={setOpen} targetUserId={targetUserId} targetName={targetName} />
        </Suspense>
      )}
    </>
  );
}
