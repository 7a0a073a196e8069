import type { DsaProblem } from '@learnbuild/domain/schemas/dsa';
import { QueryClient, QueryClientProvider, type UseQueryResult } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ToastProvider } from '@/components/ui/toast';
import { TooltipProvider } from '@/components/ui/tooltip';
import { ProblemSections } from './problem-sections';
import { groupBySteps, stepHeading } from './step-sections';

let next = 0;
function problem(step: string, topic: string, title: string, solved = false): DsaProblem {
  next += 1;
  return {
    id: `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    slug: title.toLowerCase().replaceAll(' ', '-'),
    title,
    step,
    topic,
    topicId: topic,
    difficulty: 'Medium',
    url: 'https://leetcode.com/problems/two-sum/',
    altUrl: null,
    tags: ['tag-one'],
    companies: [],
    position: next,
    solved,
    solvedOn: solved ? '2024-06-15' : null,
    bookmarked: false,
    notes: '',
    revisionStage: null,
    revisionDueOn: null,
    acceptanceRate: null,
    solvedCount: 0,
  };
}

const STEP_3 = 'Step 3: Two Pointers and Sliding Window';
const STEP_6 = 'Step 6: Linked Lists';
const SHEET = [
  problem(STEP_3, 'Two Pointers', 'Valid Palindrome', true),
  problem(STEP_3, 'Two Pointers', 'Container With Most Water'),
  problem(STEP_3, 'Sliding Window', 'Longest Substring Without Repeating Characters', true),
  problem(STEP_3, 'Two Pointers', 'Trapping Rain Water', true),
  problem(STEP_3, 'Sliding Window', 'Minimum Window Substring'),
  problem(STEP_6, 'Linked Lists', 'Reverse Linked List', true),
  problem(STEP_6, 'Linked Lists', 'Merge Two Sorted Lists'),
];

function renderSections(interviewMode: boolean, expandAll = true) {
  const problems = { data: SHEET, isPending: false, isError: false } as UseQueryResult<DsaProblem[]>;
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ToastProvider>
        <TooltipProvider>
          {/* Each row links to the code editor. */}
          <MemoryRouter>
            <ProblemSections
              problems={problems}
              expandAll={expandAll}
              interviewMode={interviewMode}
              errorTitle="The sheet could not be loaded"
              empty={<p>Nothing here</p>}
            />
          </MemoryRouter>
        </TooltipProvider>
      </ToastProvider>
    </QueryClientProvider>,
  );
  return screen.getAllByTestId('step-section');
}

afterEach(cleanup);

describe('groupBySteps', () => {
  it('counts each step and, within it, each topic in the order they first appear', () => {
    const groups = groupBySteps(SHEET);
    expect(groups.map((g) => [g.step, g.solved, g.problems.length])).toEqual([
      [STEP_3, 3, 5],
      [STEP_6, 1, 2],
    ]);
    expect(groups[0]!.topics).toEqual([
      { topic: 'Two Pointers', solved: 2, total: 3 },
      { topic: 'Sliding Window', solved: 1, total: 2 },
    ]);
    expect(groups[1]!.topics).toEqual([{ topic: 'Linked Lists', solved: 1, total: 2 }]);
  });
});

describe('stepHeading', () => {
  it('keeps only "Step N" in interview mode, since the rest names the topic', () => {
    expect(stepHeading(STEP_6, 5, false)).toBe(STEP_6);
    expect(stepHeading(STEP_6, 5, true)).toBe('Step 6');
    expect(stepHeading('Step 12 - Binary Trees', 0, true)).toBe('Step 12');
    expect(stepHeading('Graphs for beginners', 2, true)).toBe('Step 3');
  });
});

describe('the sheet’s step sections', () => {
  it('show the step’s solved/total and, where a step holds several topics, each topic’s', () => {
    const [twoTopics, oneTopic] = renderSections(false);
    expect(within(twoTopics!).getByTestId('step-name').textContent).toBe(STEP_3);
    expect(within(twoTopics!).getByTestId('step-count').textContent).toBe('3 / 5');
    const chips = within(twoTopics!).getAllByTestId('topic-progress');
    expect(chips.map((chip) => chip.textContent)).toEqual(['Two Pointers 2 / 3', 'Sliding Window 1 / 2']);
    expect(within(twoTopics!).getByRole('list', { name: `Progress by topic in ${STEP_3}` })).toBeTruthy();

    expect(within(oneTopic!).getByTestId('step-count').textContent).toBe('1 / 2');
    expect(within(oneTopic!).queryAllByTestId('topic-progress')).toHaveLength(0);
    // Rows show their difficulty outside interview mode.
    const row = within(oneTopic!).getAllByTestId('problem-row')[0]!;
    expect(within(row).getByText('Medium')).toBeTruthy();
  });

  it('name a one-topic step’s topic once, not on every row; rows of a mixed step each say theirs', () => {
    const [twoTopics, oneTopic] = renderSections(false);
    expect(within(oneTopic!).getByTestId('step-topic').textContent).toBe('Topic: Linked Lists');
    for (const row of within(oneTopic!).getAllByTestId('problem-row')) {
      expect(within(row).queryByText('Linked Lists')).toBeNull();
      expect(row.dataset.topic).toBe('Linked Lists');
    }
    expect(within(twoTopics!).queryByTestId('step-topic')).toBeNull();
    const topics = within(twoTopics!)
      .getAllByTestId('row-topic')
      .map((badge) => badge.textContent);
    expect(topics).toEqual(['Two Pointers', 'Two Pointers', 'Sliding Window', 'Two Pointers', 'Sliding Window']);
  });

  it('give every row a 24 px solved checkbox and its tags in a compact line for phones', () => {
    renderSections(false);
    const row = screen.getAllByTestId('problem-row')[0]!;
    const checkbox = within(row).getByRole('checkbox');
    expect(checkbox.className).toMatch(/\bh-6\b/);
    expect(checkbox.className).toMatch(/\bw-6\b/);
    expect(within(row).getByTestId('problem-tags-compact').textContent).toBe('Tags: tag-one');
  });

  it('interview mode hides every topic name: step names, topic chips, row badges, tags and difficulty', () => {
    const sections = renderSections(true);
    expect(sections.map((s) => within(s).getByTestId('step-name').textContent)).toEqual(['Step 3', 'Step 6']);
    expect(screen.queryAllByTestId('topic-progress')).toHaveLength(0);
    expect(within(sections[0]!).getByTestId('step-count').textContent).toBe('3 / 5');
    expect(screen.getAllByTestId('problem-row')).toHaveLength(7);
    const text = document.body.textContent ?? '';
    for (const hidden of ['Two Pointers', 'Sliding Window', 'Linked Lists', 'Medium', 'tag-one']) {
      expect(text).not.toContain(hidden);
    }
    expect(screen.getByRole('progressbar', { name: 'Step 6: 50% solved' })).toBeTruthy();
  });

  it('collapse and expand: one step by its header, or all at once', () => {
    const sections = renderSections(false);
    const header = (index: number) => sections[index]!.querySelector<HTMLButtonElement>('h2 > button[aria-expanded]')!;
    expect(screen.getAllByTestId('problem-row')).toHaveLength(7);
    fireEvent.click(header(0));
    expect(header(0).getAttribute('aria-expanded')).toBe('false');
    expect(screen.getAllByTestId('problem-row')).toHaveLength(2);
    // The topic progress stays in view while the step is collapsed.
    expect(within(sections[0]!).getAllByTestId('topic-progress')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Collapse all' }));
    expect(screen.queryAllByTestId('problem-row')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Expand all' }));
    expect(screen.getAllByTestId('problem-row')).toHaveLength(7);
    expect(header(1).getAttribute('aria-expanded')).toBe('true');
  });

  it('the full sheet opens at the first step with work left', () => {
    renderSections(false, false);
    expect(screen.getAllByTestId('problem-row')).toHaveLength(5);
  });
});
