import { useEffect, useState } from 'react';
import { cn } from '@/components/ui/class-names';
import { type StrengthResult, strengthSentence } from './password-feedback';

const COLORS = ['bg-red-500', 'bg-orange-500', 'bg-amber-500', 'bg-emerald-500', 'bg-emerald-600'] as const;

type Scorer = (
  password: string,
  userInputs: string[],
) => { score: StrengthResult['score']; feedback: { warning: string | null; suggestions: string[] } };
let scorerPromise: Promise<Scorer> | null = null;

/** zxcvbn-ts and its dictionaries load only when a password field is used. */
function loadScorer(): Promise<Scorer> {
  scorerPromise ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([core, common]) => {
      const factory = new core.ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs });
      return (password: string, userInputs: string[]) => factory.check(password, userInputs) as ReturnType<Scorer>;
    },
  );
  return scorerPromise;
}

export function PasswordStrength({ password, userInputs }: { password: string; userInputs: string[] }) {
  const [result, setResult] = useState<StrengthResult | null>(null);
  const inputs = userInputs.join('\u0000');
  useEffect(() => {
    if (!password) {
      setResult(null);
      return;
    }
    let current = true;
    loadScorer().then((score) => {
      if (!current) return;
      const outcome = score(password, inputs.split('\u0000'));
      setResult({
        score: outcome.score,
        warning: outcome.feedback.warning,
        suggestions: outcome.feedback.suggestions,
      });
    });
    return () => {
      current = false;
    };
  }, [password, inputs]);
  if (!result) return null;
  return (
    <div aria-live="polite" data-testid="password-strength">
      <div className="flex gap-1" aria-hidden>
        {[0, 1, 2, 3].map((index) => (
          <div
            key={index}
            className={cn(
              'h-1.5 flex-1 rounded-full',
              index < Math.max(1, result.score) ? COLORS[result.score] : 'bg-muted',
            )}
          />
        ))}
      </div>
      <p className="mt-1 text-xs text-muted">Password strength: {strengthSentence(result)}</p>
    </div>
  );
}
