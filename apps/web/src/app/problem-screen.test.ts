import { browserRunProgram, parseBrowserRun } from '@learnbuild/domain/judge/browser-driver';
import type { HarnessSignature } from '@learnbuild/domain/judge/harness';
import { describe, expect, it } from 'vitest';
import { type JavaScriptJob, JavaScriptProcess } from '@/features/code-editor/run/javascript-runtime';
import type { RunnerMessage } from '@/features/code-editor/run/protocol';

// The problem page's Run goes through the code editor's JavaScript runtime (the worker's inside): the driver's
// program must run there as it is, types stripped for TypeScript, errors on the learner's own lines.

const INVERT_TREE: HarnessSignature = {
  functionName: 'invertTree',
  parameters: [{ name: 'root', type: 'TreeNode' }],
  returnType: 'TreeNode',
};

async function run(job: JavaScriptJob) {
  const messages: RunnerMessage[] = [];
  await new JavaScriptProcess(job, (message) => messages.push(message)).start();
  const text = (stream: string) =>
    messages
      .flatMap((message) => (message.type === 'output' && message.stream === stream ? [message.text] : []))
      .join('');
  return { stdout: text('stdout'), stderr: text('stderr'), compile: text('compile') };
}

describe('Run in the code editor’s JavaScript runtime', () => {
  it('runs TypeScript with its types stripped, ListNode and TreeNode given', async () => {
    const code = `function invertTree(root: TreeNode | null): TreeNode | null {
  if (!root) return null;
  const left: TreeNode | null = invertTree(root.left);
  root.left = invertTree(root.right);
  root.right = left;
  return root;
}`;
    const cases = [{ root: [4, 2, 7, 1, 3, 6, 9] }, { root: [] }];
    const source = browserRunProgram({ language: 'typescript', signature: INVERT_TREE, code, cases, nonce: 'ts' });
    const { stdout, stderr } = await run({ language: 'typescript', source, stdin: '' });
    expect(stderr).toBe('');
    expect(parseBrowserRun(stdout, 'ts', 2).cases.map((output) => output?.answer)).toEqual(['[4,7,2,9,6,3,1]', '[]']);
  });

  it('reports a syntax error and an uncaught top-level error on the learner’s own line', async () => {
    const broken = browserRunProgram({
      language: 'javascript',
      signature: INVERT_TREE,
      code: 'function invertTree(root) {\n  return root\n}}',
      cases: [{ root: [1] }],
      nonce: 'js',
    });
    expect((await run({ language: 'javascript', source: broken, stdin: '' })).compile).toContain('line 3');

    const throwing = browserRunProgram({
      language: 'javascript',
      signature: INVERT_TREE,
      code: 'const x = 1;\nnull.boom;\nfunction invertTree(root) { return root; }',
      cases: [{ root: [1] }],
      nonce: 'js',
    });
    expect((await run({ language: 'javascript', source: throwing, stdin: '' })).stderr).toContain('at line 2');
  });
});
