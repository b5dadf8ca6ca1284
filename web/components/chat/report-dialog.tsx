// Reporting a chat partner: a reason is required (trimmed, at most 500 characters). The server keeps the
// session's last messages for the admins and ends the chat; this side then drops the session at once.
import { useId, useState, type FormEvent } from 'react';
import { CHAT_REPORT_TEXTS } from '../../../common/chat.ts';
import { CHAT_REPORT_REASON_MAX_LENGTH } from '../../../common/limits.ts';
import { serverMessage } from '../../lib/errors.ts';
import { trpc } from '../../trpc.ts';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { NameInLine } from '../member-name.tsx';
import { toast } from '../ui/use-toast.ts';
import { FormAlert } from '../ui/form-alert.tsx';

export interface ReportDialogProps {
  sessionId: string;
  partnerName: string;
  /** The button that opened the dialog: focus goes back to it when the dialog closes. */
  returnFocusTo: HTMLElement | null;
  onClose: () => void;
  onReported: () => void;
}

export function ReportDialog({ sessionId, partnerName, returnFocusTo, onClose, onReported }: ReportDialogProps) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const fieldId = useId();
  const report = trpc.chat.report.useMutation({
    onSuccess: () => {
      toast({ variant: 'success', title: 'Report sent', description: 'Thank you. An admin will review this chat.' });
      onReported();
    },
    onError: (error) => setProblem(serverMessage(error, 'The report could not be sent. Please try again.')),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = reason.trim();
    if (!trimmed) {
      setProblem(CHAT_REPORT_TEXTS.reasonRequired);
      return;
    }
    setProblem(null);
    report.mutate({ sessionId, reason: trimmed });
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      returnFocusTo={returnFocusTo}
      title={<NameInLine before="Report " name={partnerName} />}
      description="Tell us what happened. The last messages of this chat go to the admins with your report, and the chat ends."
    >
      <form noValidate onSubmit={onSubmit} className="grid grid-cols-1 gap-4">
        <div className="grid grid-cols-1 gap-1.5">
          <label htmlFor={fieldId} className="text-sm font-medium text-ink-700">
            Reason
          </label>
          <textarea
            id={fieldId}
            required
            rows={4}
            maxLength={CHAT_REPORT_REASON_MAX_LENGTH}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            className="block w-full resize-none rounded-xl border border-sand-300 bg-white px-4 py-3 text-base text-ink-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/25 focus:outline-none"
          />
          <p className="text-right text-xs text-ink-600 tabular-nums">
            {reason.length}/{CHAT_REPORT_REASON_MAX_LENGTH}
          </p>
        </div>
        <FormAlert>{problem}</FormAlert>
        <div className="flex justify-end gap-3">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive" disabled={report.isPending}>
            {report.isPending ? 'Please wait...' : 'Send report'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
