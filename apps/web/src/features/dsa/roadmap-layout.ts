import { Graph, layout } from '@dagrejs/dagre';
import type { RoadmapNodeReply } from '@learnbuild/domain/schemas/dsa';

// The roadmap's graph (issue 28) laid out by dagre, a kept layered-graph layout library: each topic below the
// topics it builds on, edges routed between them. Nothing is placed by hand.

export const NODE_WIDTH = 172;
export const NODE_HEIGHT = 60;
const MARGIN = 8;

export interface PlacedNode extends RoadmapNodeReply {
  /** The node box's top-left corner. */
  x: number;
  y: number;
}

export interface PlacedEdge {
  from: string;
  to: string;
  /** An SVG path from the prerequisite to the topic. */
  path: string;
}

export interface RoadmapLayout {
  width: number;
  height: number;
  nodes: PlacedNode[];
  edges: PlacedEdge[];
}

export function layoutRoadmap(nodes: readonly RoadmapNodeReply[]): RoadmapLayout {
  const graph = new Graph();
  graph.setGraph({ rankdir: 'TB', nodesep: 18, ranksep: 44, marginx: MARGIN, marginy: MARGIN });
  graph.setDefaultEdgeLabel(() => ({}));
  for (const node of nodes) graph.setNode(node.id, { width: NODE_WIDTH, height: NODE_HEIGHT });
  const ids = new Set(nodes.map((node) => node.id));
  for (const node of nodes)
    for (const prerequisite of node.prerequisites) if (ids.has(prerequisite)) graph.setEdge(prerequisite, node.id);
  layout(graph);
  const placed = nodes.map((node) => {
    const { x, y } = graph.node(node.id);
    return { ...node, x: x - NODE_WIDTH / 2, y: y - NODE_HEIGHT / 2 };
  });
  const edges = graph.edges().map((edge) => {
    const points = graph.edge(edge).points ?? [];
    const path = points.map(
      (point: { x: number; y: number }, index: number) =>
        `${index === 0 ? 'M' : 'L'}${point.x.toFixed(1)},${point.y.toFixed(1)}`,
    );
    return { from: edge.v, to: edge.w, path: path.join(' ') };
  });
  const label = graph.graph();
  return { width: Math.ceil(label.width ?? 0), height: Math.ceil(label.height ?? 0), nodes: placed, edges };
}
