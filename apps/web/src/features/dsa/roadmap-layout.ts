import { Graph, layout } from '@dagrejs/dagre';
import type { RoadmapNodeReply } from '@learnbuild/domain/schemas/dsa';

// The roadmap's graph (issue 28) laid out by dagre, a kept layered-graph layout library: each topic below the
// topics it builds on, edges routed between them. Nothing is placed by hand.

export const NODE_WIDTH = 172;
export const NODE_HEIGHT = 68;
/** Characters of a topic's name that fit on one line of a node (13 px, semibold, beside the ring). */
export const NAME_LINE_CHARS = 16;
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

/**
 * A topic's name on at most two lines of a node, broken between words ("Recursion and" / "Backtracking"); only a
 * name too long for two lines is cut, with an ellipsis (the node's label and the list view hold it whole).
 */
export function nodeNameLines(name: string, width: number = NAME_LINE_CHARS): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of name.split(/\s+/).filter(Boolean)) {
    const joined = line ? `${line} ${word}` : word;
    if (joined.length <= width || !line) line = joined;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  const cut = (text: string) => (text.length > width ? `${text.slice(0, width - 1)}…` : text);
  // Past two lines, the rest is joined on the second (longer than a line, or it would have been one) and cut.
  return lines.length <= 2 ? lines.map(cut) : [cut(lines[0]!), cut(lines.slice(1).join(' '))];
}
