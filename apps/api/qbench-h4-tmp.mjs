import { getQuickJS } from 'quickjs-emscripten';
const QuickJS = await getQuickJS();
const bench = (name, code) => { const vm = QuickJS.newContext(); const c0 = process.cpuUsage(); const r = vm.evalCode(code); const c1 = process.cpuUsage(c0); console.log(name, 'cpu ms', Math.round((c1.user + c1.system) / 1000), vm.dump(r.value ?? r.error)); };
bench('valid-parens', `
function isValid(s) {
  const pair = { '(': ')', '[': ']', '{': '}' };
  let chars = s.split('');
  while (true) {
    const kept = [];
    for (let i = 0; i < chars.length; i++) {
      if (i + 1 < chars.length && pair[chars[i]] === chars[i + 1]) i++;
      else kept.push(chars[i]);
    }
    if (kept.length === chars.length) return kept.length === 0;
    chars = kept;
  }
}
isValid('('.repeat(5000) + ')'.repeat(5000));`);
bench('sort-insertion-random-1e4', `
class ListNode { constructor(v, n) { this.val = v; this.next = n; } }
let s = 7; const rnd = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
let head = null; for (let i = 0; i < 10000; i++) head = new ListNode(Math.floor(rnd() * 200001) - 100000, head);
function sortList(head) {
  const dummy = new ListNode(0, null);
  while (head !== null) {
    const node = head; head = head.next;
    let prev = dummy;
    while (prev.next !== null && prev.next.val <= node.val) prev = prev.next;
    node.next = prev.next; prev.next = node;
  }
  return dummy.next;
}
sortList(head).val;`);
