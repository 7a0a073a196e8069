import type { JudgeSolveLanguage } from '@learnbuild/domain/judge/format';
import type { Practice } from '@learnbuild/domain/schemas/judge';
import { type CSSProperties, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { PracticeHost } from '@/features/practice/practice-host';
import {
  readPracticePreferences,
  SPLIT_DEFAULT,
  SPLIT_MAX,
  SPLIT_MIN,
  writePracticePreferences,
} from '@/features/practice/practice-storage';
import { useSubmissionFlow, verdictAnnouncement } from '@/features/practice/use-submission-flow';
import { useWorkbench } from '@/features/practice/use-workbench';
import { earlyClick, takeEarlyClick } from '@/lib/early-input';
import { useSession } from '@/lib/session';
import { CodePanel } from './code-panel';
import { ConsolePanel } from './console-panel';
import { DiscussionPanel } from './discussion-panel';
import { ProblemStatement } from './problem-statement';
import { SplitDivider } from './split-divider';

type PhoneTab = 'description' | 'code' | 'result';
type AboutTab = 'statement' | 'discussion';

// Below 768 px the three parts are tabs (the list stays at the bottom of the screen, in a thumb's reach);
// from 768 px on they are all shown side by side, whatever tab is chosen.
const panel =
  'min-h-0 focus:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand-500 data-[state=inactive]:hidden md:data-[state=inactive]:flex';

/**
 * The problem page's workspace: the statement on the left, the editor and its console on the right, the divider
 * between them draggable; on a phone, tabs Description / Code / Result.
 */
export function ProblemWorkspace({ practice, host }: { practice: Practice; host: PracticeHost }) {
  const id = useId();
  const { user } = useSession();
  const location = useLocation();
  const split = useRef<HTMLDivElement>(null);
  const [share, setShare] = useState(SPLIT_DEFAULT);
  const [tab, setTab] = useState<PhoneTab>('description');
  const [aboutTab, setAboutTab] = useState<AboutTab>('statement');
  // `?tab=discussion` (a link to the discussion) opens it once the app has taken the page over: the page the server
  // drew (and keeps in its page cache for every address of the problem) shows the statement.
  const { search } = location;
  useEffect(() => {
    if (new URLSearchParams(search).get('tab') === 'discussion') setAboutTab('discussion');
  }, [search]);
  const [editorReady, setEditorReady] = useState(false);
  const { code, vim, runner, run, startAction, announcement, setAnnouncement, consoleProps } = useWorkbench(
    practice,
    host.createRunner,
    () => setTab('result'),
  );
  const judge = useSubmissionFlow(practice.slug, host.onAccepted);

  // The editor's code is fetched only once the statement is on screen (drawn by the server, or rendered here).
  useEffect(() => {
    setEditorReady(true);
    setShare(readPracticePreferences().split);
    // A phone's tab pressed on the page the server drew, before the app took it over, is opened now.
    if (takeEarlyClick('problem-tab-code')) setTab('code');
    if (takeEarlyClick('problem-tab-result')) setTab('result');
    if (takeEarlyClick('problem-tab-discussion')) setAboutTab('discussion');
  }, []);

  const { submission } = judge;
  useEffect(() => {
    if (submission?.status === 'done') setAnnouncement(verdictAnnouncement(submission));
  }, [submission, setAnnouncement]);

  const submit = async () => {
    if (!user || judge.judging) return;
    startAction('submit', 'Submitted: waiting for the judge…');
    const refused = await judge.send(code.doc.language, code.currentText());
    if (refused) setAnnouncement(refused);
  };

  const changeShare = (value: number) => {
    setShare(value);
    writePracticePreferences({ split: value });
  };

  const loadCode = (language: JudgeSolveLanguage, text: string) => {
    code.load(language, text);
    setTab('code');
    setAnnouncement('The submission’s code is in the editor.');
  };

  return (
    <Tabs
      value={tab}
      onValueChange={(value) => setTab(value as PhoneTab)}
      // A phone's screen below the navbar at least, so its tabs stay at the bottom of a short part too.
      className="flex min-h-[calc(100dvh-4rem-1px)] flex-col md:block md:min-h-0"
      data-testid="problem-workspace"
    >
      {/* First for reading and the keyboard, last on the screen: a phone's tabs sit at its bottom, under a thumb. */}
      <TabsList
        aria-label="Problem"
        className="sticky bottom-0 z-30 order-last flex max-w-none justify-around gap-1 rounded-none border-t border-default bg-[var(--surface)] p-1.5 md:hidden"
      >
        <TabsTrigger value="description" className="h-11 flex-1">
          Description
        </TabsTrigger>
        <TabsTrigger value="code" className="h-11 flex-1" {...earlyClick('problem-tab-code')}>
          Code
        </TabsTrigger>
        <TabsTrigger value="result" className="h-11 flex-1" {...earlyClick('problem-tab-result')}>
          Result
        </TabsTrigger>
      </TabsList>
      <div
        ref={split}
        className="flex-1 md:grid md:h-[calc(100dvh-4rem-1px)] md:grid-cols-[minmax(0,var(--statement))_auto_minmax(0,1fr)]"
        style={{ '--statement': `${share}%` } as CSSProperties}
      >
        <TabsContent value="description" forceMount className={`${panel} flex-col md:overflow-y-auto`}>
          <Tabs
            value={aboutTab}
            onValueChange={(value) => setAboutTab(value as AboutTab)}
            id={`${id}-statement`}
            className="flex flex-col"
          >
            <TabsList aria-label="About the problem" className="mx-4 mt-4 w-fit md:mx-6">
              <TabsTrigger value="statement">Statement</TabsTrigger>
              <TabsTrigger value="discussion" {...earlyClick('problem-tab-discussion')}>
                Discussion
              </TabsTrigger>
            </TabsList>
            <TabsContent value="statement" className="focus:outline-none">
              <ProblemStatement practice={practice} />
            </TabsContent>
            <TabsContent value="discussion" className="focus:outline-none">
              <DiscussionPanel slug={practice.slug} opened={aboutTab === 'discussion'} />
            </TabsContent>
          </Tabs>
        </TabsContent>
        <SplitDivider
          value={share}
          min={SPLIT_MIN}
          max={SPLIT_MAX}
          onChange={changeShare}
          container={split}
          controls={`${id}-statement`}
          className="hidden md:block"
        />
        <div className="flex min-h-0 flex-col md:border-l md:border-default">
          <TabsContent value="code" forceMount className={`${panel} flex-col px-3 pt-3 md:flex-[3] md:pb-3`}>
            <CodePanel
              practice={practice}
              code={code}
              vim={vim}
              Editor={host.Editor}
              editorReady={editorReady}
              runPhase={runner.phase}
              judging={judge.judging}
              onRun={() => void run()}
              onStop={runner.stopRun}
              onSubmit={() => void submit()}
            />
          </TabsContent>
          <TabsContent
            value="result"
            forceMount
            className={`${panel} flex-col overflow-y-auto border-default p-3 md:flex-[2] md:border-t`}
          >
            <ConsolePanel
              practice={practice}
              {...consoleProps}
              onLoadCode={loadCode}
              submission={judge.submission}
              submitRefusal={judge.refusal}
              sending={judge.sending}
            />
          </TabsContent>
        </div>
      </div>
      <p role="status" aria-live="polite" className="sr-only" data-testid="practice-announcement">
        {announcement}
      </p>
    </Tabs>
  );
}
