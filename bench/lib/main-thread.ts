/**
 * Names the main thread's longest tasks of one Lighthouse run: which kind of work each was (script evaluation,
 * rendering, ...), which script started it and, when the trace holds V8's CPU samples (the trace category
 * `disabled-by-default-v8.cpu_profiler`), which modules and functions of our code or of which library took its
 * time, read back through the build's source maps (`vite build --sourcemap hidden` writes them beside each
 * chunk without pointing the browser at them).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { CpuProfileModel } from 'lighthouse/core/lib/tracehouse/cpu-profile-model.js';
import { MainThreadTasks, type TaskNode } from 'lighthouse/core/lib/tracehouse/main-thread-tasks.js';
import { TraceProcessor } from 'lighthouse/core/lib/tracehouse/trace-processor.js';

/** The CPU sampling trace category to add to a Lighthouse run whose tasks should be named down to functions. */
export const CPU_PROFILER_CATEGORY = 'disabled-by-default-v8.cpu_profiler';

export interface NamedTask {
  /** Since the navigation began, as this machine ran it (Lighthouse's simulation scales CPU time by 4). */
  startMs: number;
  durationMs: number;
  /** The kind of work that took most of the task (Lighthouse's task groups). */
  kind: string;
  /** The script the task is attributed to (its path on the site), or '' for the browser's own work. */
  script: string;
  /**
   * What started the task and what it ran, from the trace's own events: a script evaluated, a request's reply
   * (`reply to /api/...`), a timer, a function called (named through the source maps), in the order they began.
   */
  cause: string[];
  /** The modules (a package, or a file of ours) whose functions ran longest in the task, with their heaviest function. */
  top: { module: string; fn: string; selfMs: number }[];
}

type Trace = Parameters<typeof TraceProcessor.processTrace>[0];

interface Frame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

/** A source map's source path as a short module name: a package's name, or the file's path in the repository. */
function moduleName(source: string): string {
  const inPackages = source.lastIndexOf('node_modules/');
  if (inPackages !== -1) {
    const parts = source.slice(inPackages + 'node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  const inRepo = source.match(/(?:apps\/web|packages\/domain)\/.*$/);
  return inRepo ? inRepo[0] : source.replace(/^(\.\.\/)+/, '');
}

/** Maps positions in the built chunks back to their sources, for a build that kept its source maps. */
class SourceMaps {
  private readonly maps = new Map<string, TraceMap | null>();
  constructor(private readonly webDist: string | undefined) {}

  private mapOf(url: string): TraceMap | null {
    if (this.maps.has(url)) return this.maps.get(url)!;
    let map: TraceMap | null = null;
    const file = this.webDist ? path.join(this.webDist, new URL(url).pathname) : '';
    if (file && existsSync(`${file}.map`)) map = new TraceMap(readFileSync(`${file}.map`, 'utf8'));
    this.maps.set(url, map);
    return map;
  }

  /** The module and function a frame belongs to; V8's positions are 0-based, the maps' lines 1-based. */
  name(frame: Frame): { module: string; fn: string } {
    if (!frame.url) return { module: frame.functionName || '(native)', fn: '' };
    // Chrome's own scripts (the protocol's bindings, Lighthouse's page probes) are not the page's.
    if (!/^https?:/.test(frame.url)) return { module: '(browser and Lighthouse)', fn: frame.url };
    // A chunk's own top level (evaluating its modules, V8's nameless frame at its first character) maps to
    // whichever module happens to come first in it: it is named by the chunk instead.
    if (!frame.functionName && frame.lineNumber === 0 && frame.columnNumber === 0) {
      return { module: new URL(frame.url).pathname, fn: '(evaluating the chunk)' };
    }
    const map = this.mapOf(frame.url);
    const fallback = { module: new URL(frame.url).pathname, fn: frame.functionName || '(anonymous)' };
    if (!map) return fallback;
    const original = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
    if (!original.source) return fallback;
    const fn = original.name ?? frame.functionName;
    return {
      module: moduleName(original.source),
      fn: `${fn || '(anonymous)'} (line ${original.line})`,
    };
  }
}

/** Self time (ms) per module and function within [start, end) (trace microseconds) of the main thread's samples. */
function samplesBetween(
  samples: { ts: number; selfMs: number; frame: Frame }[],
  start: number,
  end: number,
  maps: SourceMaps,
): NamedTask['top'] {
  const byModule = new Map<string, { selfMs: number; fns: Map<string, number> }>();
  for (const sample of samples) {
    if (sample.ts < start || sample.ts >= end) continue;
    const { module, fn } = maps.name(sample.frame);
    const entry = byModule.get(module) ?? { selfMs: 0, fns: new Map<string, number>() };
    entry.selfMs += sample.selfMs;
    entry.fns.set(fn, (entry.fns.get(fn) ?? 0) + sample.selfMs);
    byModule.set(module, entry);
  }
  return [...byModule.entries()]
    .sort((a, b) => b[1].selfMs - a[1].selfMs)
    .slice(0, 4)
    .map(([module, entry]) => ({
      module,
      fn: [...entry.fns.entries()].sort((a, b) => b[1] - a[1])[0]![0],
      selfMs: Math.round(entry.selfMs),
    }));
}

/**
 * The main thread's samples, each with its own time (to the next sample) and the frame it was in. The thread may
 * hold several profiles (one per page the tab showed, about:blank first), each numbering its nodes anew. The
 * trace's chunks give each sample's time as a step from the previous one, and a step may be negative (samples
 * arrive out of order): the samples are put in time order first, as DevTools does.
 */
function mainThreadSamples(trace: Trace, pid: number, tid: number) {
  const timed: { ts: number; frame: Frame }[] = [];
  for (const profile of CpuProfileModel.collectProfileEvents(trace.traceEvents)) {
    if (profile.pid !== pid || profile.tid !== tid) continue;
    const nodes = profile.nodes as { id: number; callFrame: Frame }[];
    const frames = new Map(nodes.map((node) => [node.id, node.callFrame]));
    let ts = profile.startTime;
    for (let index = 0; index < profile.samples.length; index++) {
      ts += profile.timeDeltas[index] ?? 0;
      const frame = frames.get(profile.samples[index]!);
      if (frame) timed.push({ ts, frame });
    }
  }
  timed.sort((a, b) => a.ts - b.ts);
  // A sample stands for the time to the next one, up to 10 ms (a longer gap is the sampler pausing, not work).
  return timed
    .map((sample, index) => ({
      ...sample,
      selfMs: Math.min((timed[index + 1]?.ts ?? sample.ts) - sample.ts, 10_000) / 1000,
    }))
    .filter((sample) => sample.frame.functionName !== '(idle)');
}

/** The kind of work that took most of a task: its own time and its descendants', summed by task group. */
function kindOf(task: TaskNode): string {
  const byGroup = new Map<string, number>();
  const walk = (node: TaskNode) => {
    byGroup.set(node.group.label, (byGroup.get(node.group.label) ?? 0) + node.selfTime);
    for (const child of node.children) walk(child);
  };
  walk(task);
  return [...byGroup.entries()].sort((a, b) => b[1] - a[1])[0]![0];
}

interface TraceData {
  url?: string;
  functionName?: string;
  lineNumber?: number;
  columnNumber?: number;
}

/** The first few things a task did, from its trace events (depth first, in order), without repeats. */
function causeOf(task: TaskNode, maps: SourceMaps): string[] {
  const seen: string[] = [];
  const walk = (node: TaskNode) => {
    if (seen.length >= 4) return;
    const data = (node.event.args as { data?: TraceData } | undefined)?.data ?? {};
    const url = data.url && /^https?:/.test(data.url) ? new URL(data.url).pathname : data.url;
    let line: string | undefined;
    if (node.event.name === 'EvaluateScript' && url) line = `evaluate ${url}`;
    else if ((node.event.name === 'XHRLoad' || node.event.name === 'XHRReadyStateChange') && url)
      line = `reply to ${url}`;
    else if (node.event.name === 'TimerFire') line = 'timer';
    else if (node.event.name === 'FireAnimationFrame') line = 'animation frame';
    else if (node.event.name === 'ParseHTML') line = 'parse HTML';
    else if (node.event.name === 'FunctionCall' && data.url) {
      // The trace's positions are 1-based; the sampler's (and SourceMaps.name's) 0-based.
      const named = maps.name({
        functionName: data.functionName ?? '',
        url: data.url,
        lineNumber: Math.max((data.lineNumber ?? 1) - 1, 0),
        columnNumber: Math.max((data.columnNumber ?? 1) - 1, 0),
      });
      line = `call ${named.module} ${named.fn}`;
    }
    if (line && !seen.includes(line)) seen.push(line);
    for (const child of node.children) walk(child);
  };
  walk(task);
  return seen;
}

/** The `count` longest top-level tasks of the page's main thread from the navigation on, named. */
export function longestTasks(trace: Trace, webDist: string | undefined, count = 6): NamedTask[] {
  const processed = TraceProcessor.processTrace(trace);
  const navigation = TraceProcessor.processNavigation(processed);
  const origin = navigation.timestamps.timeOrigin;
  const tasks = MainThreadTasks.getMainThreadTasks(
    processed.mainThreadEvents,
    processed.frames,
    processed.timestamps.traceEnd,
    origin,
  );
  const main = processed.mainThreadEvents[0];
  const samples = main ? mainThreadSamples(trace, main.pid, main.tid) : [];
  const maps = new SourceMaps(webDist);
  return tasks
    .filter((task) => !task.parent && task.startTime >= 0)
    .sort((a, b) => b.duration - a.duration)
    .slice(0, count)
    .map((task) => {
      const url = task.attributableURLs.at(-1) ?? '';
      return {
        startMs: Math.round(task.startTime),
        durationMs: Math.round(task.duration),
        kind: kindOf(task),
        script: url.startsWith('http') ? new URL(url).pathname : url,
        cause: causeOf(task, maps),
        top: samplesBetween(samples, task.event.ts, task.event.ts + task.duration * 1000, maps),
      };
    });
}
