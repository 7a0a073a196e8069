import { functionNameIn, type JudgeParameter, type JudgeType } from './format';

// The code that stands between a judge and a learner's function, in the learner's language: it turns a test's
// JSON arguments into the declared types (ListNode and TreeNode from arrays), calls the function and turns its
// answer back into JSON. The server's sandboxes and the browser's Run use the same text, so a test means the
// same thing in both. The expected answers never enter a sandbox: they are compared outside it.

export interface HarnessSignature {
  functionName: string;
  parameters: JudgeParameter[];
  returnType: JudgeType;
}

/** What the harness's call function is named in every language; learner code is told not to use it. */
export const HARNESS_CALL = '__learnbuildCall';

/** A linked list or tree longer than this is taken for a cycle and reported as such. */
export const HARNESS_NODES_MAX = 1_000_000;

const javascriptPrelude = `
globalThis.ListNode = class ListNode { constructor(val = 0, next = null) { this.val = val; this.next = next; } };
globalThis.TreeNode = class TreeNode { constructor(val = 0, left = null, right = null) { this.val = val; this.left = left; this.right = right; } };
`;

function javascriptCallFunction(signature: HarnessSignature): string {
  const names = JSON.stringify(signature.parameters.map((parameter) => parameter.name));
  const types = JSON.stringify(signature.parameters.map((parameter) => parameter.type));
  const { functionName } = signature;
  return `
globalThis.${HARNESS_CALL} = (() => {
  const NODES_MAX = ${HARNESS_NODES_MAX};
  const names = ${names};
  const types = ${types};
  const returnType = ${JSON.stringify(signature.returnType)};
  const ListNodeOf = globalThis.ListNode;
  const TreeNodeOf = globalThis.TreeNode;
  const toList = (items) => {
    let head = null;
    for (let i = items.length - 1; i >= 0; i--) head = new ListNodeOf(items[i], head);
    return head;
  };
  const toTree = (items) => {
    if (items.length === 0 || items[0] === null) return null;
    const root = new TreeNodeOf(items[0]);
    const queue = [root];
    let front = 0;
    let i = 1;
    while (i < items.length && front < queue.length) {
      const node = queue[front++];
      if (i < items.length && items[i] !== null) { node.left = new TreeNodeOf(items[i]); queue.push(node.left); }
      i++;
      if (i < items.length && items[i] !== null) { node.right = new TreeNodeOf(items[i]); queue.push(node.right); }
      i++;
    }
    return root;
  };
  const fromList = (head) => {
    const items = [];
    while (head !== null && head !== undefined) {
      if (items.length >= NODES_MAX) throw new Error('The returned list does not end (is there a cycle?)');
      items.push(head.val);
      head = head.next;
    }
    return items;
  };
  const fromTree = (root) => {
    const items = [];
    const queue = [root ?? null];
    let front = 0;
    while (front < queue.length) {
      const node = queue[front++];
      if (node === null || node === undefined) { items.push(null); continue; }
      if (queue.length >= 2 * NODES_MAX) throw new Error('The returned tree does not end (is there a cycle?)');
      items.push(node.val);
      queue.push(node.left ?? null, node.right ?? null);
    }
    while (items.length > 0 && items[items.length - 1] === null) items.pop();
    return items;
  };
  const decode = (type, value) => type === 'ListNode' ? toList(value) : type === 'TreeNode' ? toTree(value) : value;
  const encode = (type, value) => {
    if (type === 'ListNode') return fromList(value);
    if (type === 'TreeNode') return fromTree(value);
    return value === undefined ? null : value;
  };
  return (argumentsJson) => {
    if (typeof ${functionName} !== 'function') throw new Error('Define a function named ${functionName}');
    const given = JSON.parse(argumentsJson);
    const values = names.map((name, i) => decode(types[i], given[name]));
    const answer = ${functionName}(...values);
    const text = JSON.stringify(encode(returnType, answer));
    return text === undefined ? 'null' : text;
  };
})();
`;
}

const pythonPrelude = `
import json as __learnbuild_json
from typing import *

class ListNode:
    def __init__(self, val=0, next=None):
        self.val = val
        self.next = next

class TreeNode:
    def __init__(self, val=0, left=None, right=None):
        self.val = val
        self.left = left
        self.right = right
`;

function pythonCallFunction(signature: HarnessSignature): string {
  const pythonName = functionNameIn('python', signature.functionName);
  const names = JSON.stringify(signature.parameters.map((parameter) => parameter.name));
  const types = JSON.stringify(signature.parameters.map((parameter) => parameter.type));
  return `
def __learnbuild_make_call():
    json = __learnbuild_json
    nodes_max = ${HARNESS_NODES_MAX}
    names = json.loads(${JSON.stringify(names)})
    types = json.loads(${JSON.stringify(types)})
    return_type = ${JSON.stringify(signature.returnType)}
    list_node = ListNode
    tree_node = TreeNode

    def to_list(items):
        head = None
        for value in reversed(items):
            head = list_node(value, head)
        return head

    def to_tree(items):
        if not items or items[0] is None:
            return None
        root = tree_node(items[0])
        queue = [root]
        front = 0
        i = 1
        while i < len(items) and front < len(queue):
            node = queue[front]
            front += 1
            if i < len(items) and items[i] is not None:
                node.left = tree_node(items[i])
                queue.append(node.left)
            i += 1
            if i < len(items) and items[i] is not None:
                node.right = tree_node(items[i])
                queue.append(node.right)
            i += 1
        return root

    def from_list(head):
        items = []
        while head is not None:
            if len(items) >= nodes_max:
                raise RuntimeError("The returned list does not end (is there a cycle?)")
            items.append(head.val)
            head = head.next
        return items

    def from_tree(root):
        items = []
        queue = [root]
        front = 0
        while front < len(queue):
            node = queue[front]
            front += 1
            if node is None:
                items.append(None)
                continue
            if len(queue) >= 2 * nodes_max:
                raise RuntimeError("The returned tree does not end (is there a cycle?)")
            items.append(node.val)
            queue.append(node.left)
            queue.append(node.right)
        while items and items[-1] is None:
            items.pop()
        return items

    def to_float(value):
        # JSON writes 2.0 as 2: a float parameter gets a float, as its type says.
        if isinstance(value, int) and not isinstance(value, bool):
            return float(value)
        if isinstance(value, list):
            return [to_float(item) for item in value]
        return value

    def decode(kind, value):
        if kind == "ListNode":
            return to_list(value)
        if kind == "TreeNode":
            return to_tree(value)
        if kind.startswith("float"):
            return to_float(value)
        return value

    def encode(kind, value):
        if kind == "ListNode":
            return from_list(value)
        if kind == "TreeNode":
            return from_tree(value)
        return value

    def call(arguments_json, scope):
        function = scope.get(${JSON.stringify(pythonName)}) or scope.get(${JSON.stringify(signature.functionName)})
        if not callable(function):
            raise NameError("Define a function named ${pythonName}")
        given = json.loads(arguments_json)
        values = [decode(types[i], given[name]) for i, name in enumerate(names)]
        return json.dumps(encode(return_type, function(*values)))

    return call

${HARNESS_CALL} = __learnbuild_make_call()
del __learnbuild_make_call
`;
}

/**
 * The harness for one problem in JavaScript (TypeScript is stripped to JavaScript first) or Python:
 * `prelude` runs before the learner's code (ListNode, TreeNode), `call` after it. In JavaScript the call is
 * `__learnbuildCall(argumentsJson) → answerJson`; in Python `__learnbuildCall(arguments_json, globals())`.
 */
export function harnessFor(language: 'javascript' | 'python', signature: HarnessSignature) {
  return language === 'python'
    ? { prelude: pythonPrelude, call: pythonCallFunction(signature) }
    : { prelude: javascriptPrelude, call: javascriptCallFunction(signature) };
}
