// AI Assist, the one button of the profile editor and the write-review screen (spec part 1 sections 4, 5 and
// 8; part 2 sections 4, 5 and 8). It stays pressable while dimmed: until the text has one complete sentence a
// press explains what is missing (a disabled button could not say why). Then it asks the screen's procedure,
// reads Loading..., puts the first suggestion in place of the text and names the provider, or says why it
// could not (the server's message, such as the daily limit). The profile's assist works once per page session.
import { useId, useState } from 'react';
import { AI_ASSIST_TEXTS, hasCompleteSentence, type AiAssistAnswer } from '../../common/ai-assist.ts';
import { cn } from '../lib/cn.ts';
import { serverMessage } from '../lib/errors.ts';
import { trpc } from '../trpc.ts';
import { SparkleIcon } from './icons.tsx';
import { Button } from './ui/button.tsx';
import { toast } from './ui/use-toast.ts';

export interface AiAssistProps {
  text: string;
  /** The screen's own words for "write a complete sentence first". */
  needSentence: string;
  /** The line under the button, followed by the provider's name. */
  hint: string;
  /** Asks the screen's procedure for suggestions. */
  request: () => Promise<AiAssistAnswer>;
  pending: boolean;
  onApply: (suggestion: string) => void;
  /** Allows one successful use per page session, remembered in sessionStorage under this key. */
  oncePerSessionKey?: string;
}

export function AiAssist({ text, needSentence, hint, request, pending, onApply, oncePerSessionKey }: AiAssistProps) {
  const provider = trpc.ai.provider.useQuery(undefined, { staleTime: Infinity });
  const [used, setUsed] = useState(() => oncePerSessionKey !== undefined && readFlag(oncePerSessionKey));
  const hintId = useId();
  const ready = hasCompleteSentence(text) && !used;

  async function assist() {
    if (used) return toast({ title: AI_ASSIST_TEXTS.alreadyUsedTitle, description: AI_ASSIST_TEXTS.alreadyUsed });
    if (!hasCompleteSentence(text)) return toast({ variant: 'destructive', title: AI_ASSIST_TEXTS.needSentenceTitle, description: needSentence });
    let answer: AiAssistAnswer;
    try {
      answer = await request();
    } catch (failure) {
      return toast({ variant: 'destructive', title: AI_ASSIST_TEXTS.errorTitle, description: serverMessage(failure, AI_ASSIST_TEXTS.error) });
    }
    const [first] = answer.suggestions;
    if (first) onApply(first);
    if (oncePerSessionKey !== undefined) {
      rememberFlag(oncePerSessionKey);
      setUsed(true);
    }
    toast({ variant: 'success', title: AI_ASSIST_TEXTS.appliedTitle, description: answer.provider.label });
  }

  return (
    <div className="grid gap-1">
      {/* Dimmed by style, not by opacity: its text keeps the contrast it needs to be read. */}
      <Button
        variant={ready ? 'secondary' : 'ghost'}
        className={cn('w-fit min-h-11', !ready && 'border border-dashed border-sand-400')}
        aria-describedby={hintId}
        disabled={pending}
        onClick={() => void assist()}
      >
        <SparkleIcon size={16} />
        {pending ? 'Loading...' : 'AI Assist'}
      </Button>
      <p id={hintId} className="text-xs text-ink-600">
        {used ? 'AI Assist has been used in this session.' : hint} {provider.data ? provider.data.label : null}
      </p>
    </div>
  );
}

function readFlag(key: string): boolean {
  try {
    return sessionStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

function rememberFlag(key: string) {
  try {
    sessionStorage.setItem(key, '1');
  } catch {
    // Without storage the limit holds for this page only.
  }
}
