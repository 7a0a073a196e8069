import { type CareerLevel, careerLevel } from '@learnbuild/domain/rules/career-level';
import { skillHints } from '@learnbuild/domain/rules/skill-hints';
import { ArrowRight, Award } from 'lucide-react';
import { Link } from 'react-router';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { Panel } from './panel';

const LEVEL_TONE: Record<CareerLevel, BadgeTone> = {
  Advanced: 'green',
  Intermediate: 'amber',
  'Beginner+': 'brand',
  Beginner: 'neutral',
};

export interface CareerInputs {
  coursePercent: number;
  dsaPercent: number;
  topicPercent: number;
}

/** SPEC 9: the career level from the mean of course, DSA and topic completion, with up to 4 skill hints. */
export function CareerPanel({ inputs }: { inputs: CareerInputs | undefined }) {
  return (
    <Panel title="Career Level" testId="career-panel">
      {inputs === undefined ? <Skeleton className="h-40" /> : <CareerBody inputs={inputs} />}
    </Panel>
  );
}

function CareerBody({ inputs }: { inputs: CareerInputs }) {
  const level = careerLevel(inputs.coursePercent, inputs.dsaPercent, inputs.topicPercent);
  const hints = skillHints(inputs);
  const parts = [
    { label: 'Courses', value: inputs.coursePercent },
    { label: 'DSA Sheet', value: inputs.dsaPercent },
    { label: 'Core topics', value: inputs.topicPercent },
  ];
  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center gap-3">
        <span className="rounded-xl bg-brand-100 p-2.5 text-brand-700 dark:bg-brand-900 dark:text-brand-100">
          <Award className="h-6 w-6" aria-hidden />
        </span>
        <div>
          <p className="text-sm text-muted">Your level</p>
          <Badge tone={LEVEL_TONE[level]} className="text-sm" data-testid="career-level">
            {level}
          </Badge>
        </div>
      </div>
      <dl className="flex flex-col gap-2">
        {parts.map((part) => (
          <div key={part.label} className="grid grid-cols-[1fr_auto] gap-y-1 text-sm">
            <dt>{part.label}</dt>
            <dd className="font-medium">{part.value}%</dd>
            <dd className="col-span-2">
              <Progress value={part.value} label={`${part.label} completion`} />
            </dd>
          </div>
        ))}
      </dl>
      {hints.length > 0 ? (
        <div>
          <h3 className="mb-2 text-sm font-semibold">Skill hints</h3>
          <ul className="flex flex-col gap-2" data-testid="skill-hints">
            {hints.map((hint) => (
              <li key={hint.text}>
                <Link
                  to={hint.href}
                  className="flex items-start gap-2 rounded-lg p-2 text-sm transition-colors hover:bg-muted"
                >
                  <ArrowRight className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" aria-hidden />
                  <span>{hint.text}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="text-sm text-muted">Well balanced: keep going at this pace.</p>
      )}
    </div>
  );
}
