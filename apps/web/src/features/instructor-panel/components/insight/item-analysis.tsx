import {
  ITEM_EVERYONE_RIGHT_SHARE,
  ITEM_EVERYONE_WRONG_SHARE,
  ITEM_FLAG_MIN_ANSWERS,
} from '@learnbuild/domain/rules/course-insight';
import type { InsightQuestion } from '@learnbuild/domain/schemas/course-insight';
import { Badge } from '@/components/ui/badge';
import { Progress } from '@/components/ui/progress';
import { percent } from './percent';

/** The prompt as one plain line: markdown marks and code fences dropped, cut near 140 characters. */
function plainPrompt(prompt: string): string {
  const text = prompt
    .replace(/```[\s\S]*?```/g, ' [code] ')
    .replace(/^\s*(#+|>)\s*/gm, '')
    .replace(/\*\*|__|`/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > 140 ? `${text.slice(0, 139)}…` : text || 'A question no longer in the course';
}

const FLAGS = {
  everyone_right: { label: 'Everybody gets it right', tone: 'green' },
  everyone_wrong: { label: 'Everybody gets it wrong', tone: 'red' },
} as const;

/** Quiz item analysis: per question, how many answered, the share right, the wrong option chosen most, flags. */
export function ItemAnalysis({ questions }: { questions: readonly InsightQuestion[] }) {
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted">
        Flagged: questions answered right by {percent(ITEM_EVERYONE_RIGHT_SHARE)} or more, or by{' '}
        {percent(ITEM_EVERYONE_WRONG_SHARE)} or less, once {ITEM_FLAG_MIN_ANSWERS} answers or more back the share.
      </p>
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Quiz item analysis">
        <table className="w-full min-w-[30rem] text-left text-sm" data-testid="item-analysis">
          <caption className="sr-only">Quiz item analysis</caption>
          <thead>
            <tr className="text-xs text-muted">
              <th scope="col" className="py-2 pr-3 font-medium">
                Question
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Answers
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Right
              </th>
              <th scope="col" className="py-2 font-medium">
                Wrong option chosen most
              </th>
            </tr>
          </thead>
          <tbody>
            {questions.map((question) => (
              <tr key={`${question.lessonId} ${question.questionKey}`} className="border-t border-default align-top">
                <td className="py-2 pr-3">
                  <span className="block text-xs text-muted">{question.lessonTitle}</span>
                  <span className="block">{plainPrompt(question.prompt)}</span>
                  {question.flag ? (
                    <Badge tone={FLAGS[question.flag].tone} className="mt-1">
                      {FLAGS[question.flag].label}
                    </Badge>
                  ) : null}
                </td>
                <td className="py-2 pr-3 tabular-nums">{question.answers}</td>
                <td className="py-2 pr-3">
                  <span className="flex items-center gap-2 tabular-nums">
                    <Progress
                      value={Math.round(question.correctShare * 100)}
                      label={`Answered right: ${percent(question.correctShare)}`}
                      className="max-w-16 shrink-0"
                    />
                    {percent(question.correctShare)}
                  </span>
                </td>
                <td className="py-2">
                  {question.topDistractor ? (
                    <>
                      <span className="block">{question.topDistractor.label}</span>
                      <span className="text-xs text-muted tabular-nums">
                        chosen in {percent(question.topDistractor.share)} of answers
                      </span>
                    </>
                  ) : (
                    <span className="text-muted">None</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
