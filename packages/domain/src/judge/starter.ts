import { functionNameIn, type JudgeSolveLanguage, type JudgeType, snakeCase } from './format';
import type { HarnessSignature } from './harness';

// The code a learner starts from: the function's signature in each language, with the node classes described
// where the problem uses them, as learners know them from other judges.

const TYPESCRIPT_TYPES: Record<JudgeType, string> = {
  int: 'number',
  float: 'number',
  bool: 'boolean',
  string: 'string',
  'int[]': 'number[]',
  'float[]': 'number[]',
  'bool[]': 'boolean[]',
  'string[]': 'string[]',
  'int[][]': 'number[][]',
  'float[][]': 'number[][]',
  'bool[][]': 'boolean[][]',
  'string[][]': 'string[][]',
  ListNode: 'ListNode | null',
  TreeNode: 'TreeNode | null',
};

const PYTHON_TYPES: Record<JudgeType, string> = {
  int: 'int',
  float: 'float',
  bool: 'bool',
  string: 'str',
  'int[]': 'List[int]',
  'float[]': 'List[float]',
  'bool[]': 'List[bool]',
  'string[]': 'List[str]',
  'int[][]': 'List[List[int]]',
  'float[][]': 'List[List[float]]',
  'bool[][]': 'List[List[bool]]',
  'string[][]': 'List[List[str]]',
  ListNode: 'Optional[ListNode]',
  TreeNode: 'Optional[TreeNode]',
};

export const CPP_TYPES: Record<JudgeType, string> = {
  int: 'int',
  float: 'double',
  bool: 'bool',
  string: 'string',
  'int[]': 'vector<int>',
  'float[]': 'vector<double>',
  'bool[]': 'vector<bool>',
  'string[]': 'vector<string>',
  'int[][]': 'vector<vector<int>>',
  'float[][]': 'vector<vector<double>>',
  'bool[][]': 'vector<vector<bool>>',
  'string[][]': 'vector<vector<string>>',
  ListNode: 'ListNode*',
  TreeNode: 'TreeNode*',
};

export const JAVA_TYPES: Record<JudgeType, string> = {
  int: 'int',
  float: 'double',
  bool: 'boolean',
  string: 'String',
  'int[]': 'int[]',
  'float[]': 'double[]',
  'bool[]': 'boolean[]',
  'string[]': 'String[]',
  'int[][]': 'int[][]',
  'float[][]': 'double[][]',
  'bool[][]': 'boolean[][]',
  'string[][]': 'String[][]',
  ListNode: 'ListNode',
  TreeNode: 'TreeNode',
};

export function usedNodes(signature: HarnessSignature): JudgeType[] {
  const types = [...signature.parameters.map((parameter) => parameter.type), signature.returnType];
  return (['ListNode', 'TreeNode'] as const).filter((node) => types.includes(node));
}

const NODE_NOTES: Record<'ListNode' | 'TreeNode', { js: string; python: string }> = {
  ListNode: {
    js: ' * ListNode is given: new ListNode(val, next), with fields val and next (null at the end).',
    python: '# ListNode is given: ListNode(val, next), with fields val and next (None at the end).',
  },
  TreeNode: {
    js: ' * TreeNode is given: new TreeNode(val, left, right), with fields val, left and right (null when absent).',
    python: '# TreeNode is given: TreeNode(val, left, right), with fields val, left and right (None when absent).',
  },
};

function javascriptStarter(signature: HarnessSignature, typed: boolean): string {
  const notes = usedNodes(signature).map((node) => NODE_NOTES[node as 'ListNode' | 'TreeNode'].js);
  const header = notes.length > 0 ? `/**\n${notes.join('\n')}\n */\n` : '';
  const parameters = signature.parameters
    .map((parameter) => (typed ? `${parameter.name}: ${TYPESCRIPT_TYPES[parameter.type]}` : parameter.name))
    .join(', ');
  const returns = typed ? `: ${TYPESCRIPT_TYPES[signature.returnType]}` : '';
  return `${header}function ${signature.functionName}(${parameters})${returns} {\n  \n}\n`;
}

function pythonStarter(signature: HarnessSignature): string {
  const notes = usedNodes(signature).map((node) => NODE_NOTES[node as 'ListNode' | 'TreeNode'].python);
  const header = notes.length > 0 ? `${notes.join('\n')}\n\n` : '';
  const parameters = signature.parameters
    .map((parameter) => `${snakeCase(parameter.name)}: ${PYTHON_TYPES[parameter.type]}`)
    .join(', ');
  const name = functionNameIn('python', signature.functionName);
  return `${header}def ${name}(${parameters}) -> ${PYTHON_TYPES[signature.returnType]}:\n    pass\n`;
}

function cppStarter(signature: HarnessSignature): string {
  const parameters = signature.parameters
    .map((parameter) => {
      const type = CPP_TYPES[parameter.type];
      return `${type.startsWith('vector') || type === 'string' ? `${type}&` : type} ${parameter.name}`;
    })
    .join(', ');
  return `class Solution {\npublic:\n    ${CPP_TYPES[signature.returnType]} ${signature.functionName}(${parameters}) {\n        \n    }\n};\n`;
}

function javaStarter(signature: HarnessSignature): string {
  const parameters = signature.parameters
    .map((parameter) => `${JAVA_TYPES[parameter.type]} ${parameter.name}`)
    .join(', ');
  return `class Solution {\n    public ${JAVA_TYPES[signature.returnType]} ${signature.functionName}(${parameters}) {\n        \n    }\n}\n`;
}

/** Starter code for each language, from the signature; a problem's own starter code (if any) wins. */
export function starterCodeFor(
  signature: HarnessSignature,
  languages: readonly JudgeSolveLanguage[],
  own: Record<string, string> = {},
): Record<string, string> {
  const drawn: Record<JudgeSolveLanguage, () => string> = {
    javascript: () => javascriptStarter(signature, false),
    typescript: () => javascriptStarter(signature, true),
    python: () => pythonStarter(signature),
    cpp: () => cppStarter(signature),
    java: () => javaStarter(signature),
  };
  return Object.fromEntries(languages.map((language) => [language, own[language] ?? drawn[language]()]));
}
