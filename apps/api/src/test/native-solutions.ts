// Reference solutions in C++ and Java shared by the native judge's tests (harness, sandbox and API).

const indent = (lines: string[]) => lines.map((line) => `        ${line}\n`).join('');

/**
 * Two Sum the hash-map way. `guards` are lines (indented relative to the method body) run before it, which the
 * tests use to misbehave on chosen targets: loop forever, throw, allocate without end.
 */
export function nativeTwoSum(language: 'cpp' | 'java', guards: string[] = []): string {
  if (language === 'cpp')
    return `class Solution {
public:
    vector<int> twoSum(vector<int>& nums, int target) {
${indent(guards)}        unordered_map<int, int> seen;
        for (int i = 0; i < (int) nums.size(); i++) {
            auto it = seen.find(target - nums[i]);
            if (it != seen.end()) return {it->second, i};
            seen[nums[i]] = i;
        }
        return {};
    }
};`;
  return `class Solution {
    public int[] twoSum(int[] nums, int target) {
${indent(guards)}        Map<Integer, Integer> seen = new HashMap<>();
        for (int i = 0; i < nums.length; i++) {
            Integer j = seen.get(target - nums[i]);
            if (j != null) return new int[] {j, i};
            seen.put(nums[i], i);
        }
        return new int[0];
    }
}`;
}

/** Invert Binary Tree in Java, recursively. */
export const NATIVE_INVERT_TREE_JAVA = `class Solution {
    public TreeNode invertTree(TreeNode root) {
        if (root == null) return null;
        TreeNode left = root.left;
        root.left = invertTree(root.right);
        root.right = invertTree(left);
        return root;
    }
}`;
