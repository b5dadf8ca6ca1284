// AI Assist, the one button of the profile editor and the write-review screen (spec, "States and transitions",
// "Validation rules" and "Error catalogue" of both parts). It stays pressable while dimmed: until the text has one
// complete sentence a press explains what is missing (a disabled button could not say why). Then it asks the screen's
// procedure, reads Loading..., puts the first suggestion in place of the text, names the provider and shows what
// changed ("Fixed: massge → massage, …"), or says why it could not (the server's message, such as the daily limit).
// When the text needs no change it says "Looks good already" and leaves the text as it is. The profile's assist works
// once per page session: only a use that changed the text spends it, and then the button is disabled (a spent button
// has nothing left to explain; its hint line says why).
import { useId, useState } from 'react';
import {
  AI_ASSIST_TEXTS,
  changePhrases,
  hasCompleteSentence,
  type AiAssistAnswer,
  type AiAssistChange,
} from '../../common/ai-assist.ts';
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

/** What the last press did: the text it produced and its changes, or that nothing needed changing. */
type Outcome = { kind: 'applied'; text: string; changes: AiAssistChange[] } | { kind: 'unchanged'; text: string };

/** At most this many changes are named; the rest are counted. */
const CHANGES_SHOWN = 8;

export function AiAssist({ text, needSentence, hint, request, pending, onApply, oncePerSessionKey }: AiAssistProps) {
  const provider = trpc.ai.provider.useQuery(undefined, { staleTime: Infinity });
  const [used, setUsed] = useState(() => oncePerSessionKey !== undefined && readFlag(oncePerSessionKey));
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const hintId = useId();
  const resultId = useId();
  const ready = hasCompleteSentence(text) && !used;

  async function assist() {
    if (!hasCompleteSentence(text))
      return toast({ variant: 'destructive', title: AI_ASSIST_TEXTS.needSentenceTitle, description: needSentence });
    let answer: AiAssistAnswer;
    try {
      answer = await request();
    } catch (failure) {
      return toast({
        variant: 'destructive',
        title: AI_ASSIST_TEXTS.errorTitle,
        description: serverMessage(failure, AI_ASSIST_TEXTS.error),
      });
    }
    const [first] = answer.suggestions;
    if (answer.unchanged || !first) {
      setOutcome({ kind: 'unchanged', text });
      return;
    }
    onApply(first);
    setOutcome({ kind: 'applied', text: first, changes: answer.changes });
    if (oncePerSessionKey !== undefined) {
      rememberFlag(oncePerSessionKey);
      setUsed(true);
    }
    toast({ variant: 'success', title: AI_ASSIST_TEXTS.appliedTitle, description: answer.provider.label });
  }

  // The outcome describes the text it was given: once the member edits on, it no longer does.
  const shown = outcome && outcome.text === text ? outcome : null;
  const phrases = shown?.kind === 'applied' ? changePhrases(shown.changes) : [];
  return (
    <div className="grid gap-1">
      {/* Dimmed by style, not by opacity: its text keeps the contrast it needs to be read. */}
      <Button
        variant={ready ? 'secondary' : 'ghost'}
        className={cn('w-fit min-h-11', !ready && !used && 'border border-dashed border-sand-400')}
        aria-describedby={shown ? `${hintId} ${resultId}` : hintId}
        disabled={pending || used}
        onClick={() => void assist()}
      >
        <SparkleIcon size={16} />
        {pending ? 'Loading...' : 'AI Assist'}
      </Button>
      <p id={hintId} className="text-xs text-ink-600">
        {used ? `${AI_ASSIST_TEXTS.alreadyUsedTitle}: ${AI_ASSIST_TEXTS.alreadyUsed}` : hint}{' '}
        {provider.data ? provider.data.label : null}
      </p>
      <div id={resultId} role="status" className="text-sm text-ink-800">
        {shown?.kind === 'unchanged' ? (
          <p className="rounded-xl bg-emerald-50 px-3 py-2 text-emerald-900">
            <span className="font-semibold">{AI_ASSIST_TEXTS.unchanged}</span> – {AI_ASSIST_TEXTS.unchangedDetail}
          </p>
        ) : null}
        {phrases.length > 0 ? (
          <p className="rounded-xl bg-brand-50 px-3 py-2 [overflow-wrap:anywhere]" data-testid="ai-assist-changes">
            <span className="font-semibold">Fixed:</span>{' '}
            {phrases.slice(0, CHANGES_SHOWN).map((phrase, index) => (
              <span key={index}>
                {index > 0 ? ', ' : null}
                <span className="whitespace-pre-wrap">{phrase}</span>
              </span>
            ))}
            {phrases.length > CHANGES_SHOWN ? ` and ${phrases.length - CHANGES_SHOWN} more` : null}.
          </p>
        ) : null}
      </div>
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
