import { percentOf } from '@learnbuild/domain/rules/core-progress';
import type { RoadmapNodeReply, RoadmapReply } from '@learnbuild/domain/schemas/dsa';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ArrowLeft, List, Network, SearchX } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { ViewToggle } from '@/components/ui/view-toggle';
import { dsaKeys } from '@/features/dsa/api/keys';
import { layoutRoadmap, NODE_HEIGHT, NODE_WIDTH, nodeNameLines } from '@/features/dsa/roadmap-layout';
import { api, errorMessage } from '@/lib/api-client';

// Issue 28: the sheet's topics as a graph of prerequisites, each with the learner's solved/total and a ring; a
// topic whose prerequisites are under half done reads "Not yet" (and still opens). The same nodes as a list, for
// screen readers, keyboards and narrow screens.

export const roadmapQuery = queryOptions({
  queryKey: dsaKeys.roadmap,
  queryFn: async () => (await api.get<RoadmapReply>('/api/dsa/roadmap')).data.roadmap.nodes,
});

const sheetHref = (node: RoadmapNodeReply) => `/dsa-sheet?topic=${encodeURIComponent(node.name)}`;

function statusText(node: RoadmapNodeReply, names: Map<string, string>): string {
  if (node.ready) return node.total > 0 && node.solved === node.total ? 'Done' : 'Ready';
  const waiting = node.prerequisites.map((id) => names.get(id)).filter(Boolean);
  return `Not yet: solve half of ${waiting.join(' and ')} first`;
}

/** A progress ring: the share of the topic solved, drawn as an arc; the number stands beside it as text. */
function Ring({ solved, total, cx, cy, r }: { solved: number; total: number; cx: number; cy: number; r: number }) {
  const circumference = 2 * Math.PI * r;
  const share = total === 0 ? 0 : solved / total;
  return (
    <g aria-hidden>
      <circle cx={cx} cy={cy} r={r} fill="none" strokeWidth={5} className="stroke-[var(--border)]" />
      {share === 0 ? null : (
        <circle
          cx={cx}
          cy={cy}
          r={r}
          fill="none"
          strokeWidth={5}
          strokeLinecap="round"
          strokeDasharray={`${circumference * share} ${circumference}`}
          transform={`rotate(-90 ${cx} ${cy})`}
          className="stroke-emerald-500"
        />
      )}
    </g>
  );
}

function RoadmapGraph({ nodes }: { nodes: RoadmapNodeReply[] }) {
  const drawn = useMemo(() => layoutRoadmap(nodes), [nodes]);
  const names = useMemo(() => new Map(nodes.map((node) => [node.id, node.name])), [nodes]);
  return (
    <div className="overflow-x-auto rounded-2xl border border-default bg-[var(--surface)] p-2">
      {/* Scaled to the page's width, but never below 720 px: narrower, the page scrolls sideways instead. */}
      <svg
        width="100%"
        viewBox={`0 0 ${drawn.width} ${drawn.height}`}
        style={{ minWidth: Math.min(drawn.width, 720), maxWidth: drawn.width }}
        role="group"
        aria-label="Topics and the topics they build on"
        className="mx-auto block"
        data-testid="roadmap-graph"
      >
        <defs>
          <marker
            id="roadmap-arrow"
            viewBox="0 0 10 10"
            refX="9"
            refY="5"
            markerWidth="7"
            markerHeight="7"
            orient="auto"
          >
            <path d="M0,0 L10,5 L0,10 z" className="fill-[var(--text-muted)]" />
          </marker>
        </defs>
        {drawn.edges.map((edge) => (
          <path
            key={`${edge.from}-${edge.to}`}
            d={edge.path}
            fill="none"
            strokeWidth={1.5}
            markerEnd="url(#roadmap-arrow)"
            className="stroke-[var(--text-muted)] opacity-60"
            aria-hidden
          />
        ))}
        {drawn.nodes.map((node) => (
          <Link
            key={node.id}
            to={sheetHref(node)}
            aria-label={`${node.name}: ${node.solved} of ${node.total} solved. ${statusText(node, names)}`}
            className="group outline-none"
            data-testid="roadmap-node"
            data-ready={node.ready}
          >
            <rect
              x={node.x}
              y={node.y}
              width={NODE_WIDTH}
              height={NODE_HEIGHT}
              rx={12}
              className={
                node.ready
                  ? 'fill-[var(--surface)] stroke-brand-500 group-hover:fill-[var(--surface-muted)] group-focus-visible:stroke-[3px]'
                  : 'fill-[var(--surface-muted)] stroke-[var(--border)] group-hover:stroke-brand-500 group-focus-visible:stroke-brand-500 group-focus-visible:stroke-[3px]'
              }
              strokeWidth={1.5}
              strokeDasharray={node.ready ? undefined : '5 4'}
            />
            <Ring solved={node.solved} total={node.total} cx={node.x + 28} cy={node.y + NODE_HEIGHT / 2} r={15} />
            <text
              x={node.x + 54}
              y={node.y + (nodeNameLines(node.name).length > 1 ? 22 : 28)}
              className="fill-[var(--text)] text-[13px] font-semibold"
            >
              {nodeNameLines(node.name).map((line, index) => (
                <tspan key={line} x={node.x + 54} dy={index === 0 ? 0 : 16}>
                  {line}
                </tspan>
              ))}
            </text>
            <text
              x={node.x + 54}
              y={node.y + (nodeNameLines(node.name).length > 1 ? 56 : 48)}
              className="fill-[var(--text-muted)] text-[12px]"
            >
              {node.solved}/{node.total}
              {node.ready ? '' : ' · not yet'}
            </text>
          </Link>
        ))}
      </svg>
    </div>
  );
}

function RoadmapList({ nodes }: { nodes: RoadmapNodeReply[] }) {
  const names = new Map(nodes.map((node) => [node.id, node.name]));
  return (
    <ol className="grid gap-3 sm:grid-cols-2" data-testid="roadmap-list">
      {nodes.map((node) => {
        const percent = percentOf(node.solved, node.total);
        return (
          <li key={node.id}>
            <Card className={`flex flex-col gap-2 p-4 ${node.ready ? '' : 'border-dashed'}`}>
              <div className="flex items-baseline justify-between gap-3">
                <Link to={sheetHref(node)} className="font-semibold hover:text-brand-600 hover:underline">
                  {node.name}
                </Link>
                <span className="text-sm text-muted">
                  {node.solved} of {node.total} solved
                </span>
              </div>
              <div
                className="h-2 overflow-hidden rounded-full bg-muted"
                role="progressbar"
                aria-label={`${node.name} solved`}
                aria-valuenow={percent}
                aria-valuemin={0}
                aria-valuemax={100}
              >
                <div className="h-full rounded-full bg-emerald-500" style={{ width: `${percent}%` }} />
              </div>
              <p className="text-sm text-muted">
                {node.prerequisites.length > 0
                  ? `Builds on ${node.prerequisites.map((id) => names.get(id)).join(' and ')}.`
                  : 'A starting point.'}{' '}
                <span
                  className={
                    node.ready
                      ? 'text-emerald-700 dark:text-emerald-300'
                      : 'font-medium text-amber-700 dark:text-amber-300'
                  }
                >
                  {statusText(node, names)}
                </span>
              </p>
            </Card>
          </li>
        );
      })}
    </ol>
  );
}

type View = 'graph' | 'list';

/** The view from the URL; without one, the graph on wide screens and the list on phones. */
function useView(): [View, (view: View) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('view');
  const narrow = typeof window !== 'undefined' && window.matchMedia?.('(max-width: 639px)').matches;
  const view: View = asked === 'list' || asked === 'graph' ? asked : narrow ? 'list' : 'graph';
  return [view, (next) => setParams(new URLSearchParams({ view: next }), { replace: true })];
}

export function DsaRoadmapPage() {
  const roadmap = useQuery(roadmapQuery);
  const [view, setView] = useView();
  const nodes = roadmap.data ?? [];
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <PageHeader
        title="DSA Roadmap"
        subtitle="The sheet's topics and what each builds on. Solve half of a topic's prerequisites before you start it."
        actions={
          <Link to="/dsa-sheet" className={buttonClasses('secondary')}>
            <ArrowLeft className="h-4 w-4" aria-hidden /> Back to the sheet
          </Link>
        }
      />
      <ViewToggle
        legend="Roadmap view"
        className="mt-6"
        options={[
          { value: 'graph', icon: Network, label: 'Graph' },
          { value: 'list', icon: List, label: 'List' },
        ]}
        value={view}
        onChange={setView}
      />
      <div className="mt-4">
        {roadmap.isPending ? (
          <Skeleton className="h-96 w-full" />
        ) : roadmap.isError ? (
          <EmptyState
            icon={SearchX}
            title="The roadmap could not be loaded"
            action={<Button onClick={() => roadmap.refetch()}>Try again</Button>}
          >
            {errorMessage(roadmap.error, 'Please check your connection and try again.')}
          </EmptyState>
        ) : nodes.length === 0 ? (
          <EmptyState icon={Network} title="No topics yet">
            The sheet has no problems yet, so there is no roadmap to draw.
          </EmptyState>
        ) : view === 'graph' ? (
          <RoadmapGraph nodes={nodes} />
        ) : (
          <RoadmapList nodes={nodes} />
        )}
      </div>
    </div>
  );
}
