import {
  JUDGE_LANGUAGES,
  type JudgeLanguage,
  SNIPPET_LANGUAGE_NAMES,
  SNIPPET_LANGUAGES,
} from '@learnbuild/domain/schemas/code-editor';
import type { EditorLanguage } from '@/lib/code-editor-link';

/** Where a language's code runs: in this browser (a worker) or on the server's judge. */
export type RunPlace = 'browser' | 'judge';

export interface LanguageInfo {
  id: EditorLanguage;
  label: string;
  runs: RunPlace;
}

export function isJudgeLanguage(language: EditorLanguage): language is JudgeLanguage {
  return (JUDGE_LANGUAGES as readonly string[]).includes(language);
}

export const LANGUAGES: readonly LanguageInfo[] = SNIPPET_LANGUAGES.map((id) => ({
  id,
  label: SNIPPET_LANGUAGE_NAMES[id],
  runs: isJudgeLanguage(id) ? 'judge' : 'browser',
}));

export function languageInfo(id: EditorLanguage): LanguageInfo {
  return LANGUAGES.find((language) => language.id === id) ?? LANGUAGES[0]!;
}

/** Why a language that runs on a judge cannot run on a server that has none: shown before any click. */
export function noJudgeReason(language: LanguageInfo): string {
  return `${language.label} needs a judge server, which this LearnBuild does not have.`;
}

/** The picker's name for a language: one that cannot run on this server says so before it is chosen. */
export function pickerLabel(language: LanguageInfo, judge: boolean | undefined): string {
  return language.runs === 'judge' && judge === false ? `${language.label} (cannot run here)` : language.label;
}

const JAVASCRIPT = `// Runs in your browser; console.log prints to the output.
// input() returns the next line of the input box (null at the end).
// require('fs').readFileSync(0, 'utf8') and readline work as in Node.js.

function greet(name) {
  return \`Hello, \${name}!\`;
}

const name = input() ?? 'world';
console.log(greet(name));
`;

const TYPESCRIPT = `// Runs in your browser (types are removed, not checked).
// input() returns the next line of the input box (null at the end).
// require('fs').readFileSync(0, 'utf8') and readline work as in Node.js.

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

const line: string = input() ?? '1 2 3';
const numbers = line.split(/\\s+/).filter(Boolean).map(Number);
console.log(\`Sum of \${numbers.length} numbers: \${sum(numbers)}\`);
`;

const PYTHON = `# Python 3, running in your browser (Pyodide).
# input() reads the next line of the input box; sys.stdin.read() all of it.

def greet(name: str) -> str:
    return f"Hello, {name}!"

try:
    name = input()
except EOFError:
    name = "world"
print(greet(name or "world"))
`;

const CPP = `// Compiled and run on the server (GCC). Read the input box with cin.
#include <bits/stdc++.h>
using namespace std;

int main() {
    ios::sync_with_stdio(false);
    cin.tie(nullptr);

    string name;
    if (!(cin >> name)) name = "world";
    cout << "Hello, " << name << "!" << endl;
    return 0;
}
`;

const JAVA = `// Compiled and run on the server (OpenJDK). The class must be called Main.
import java.util.*;

public class Main {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        String name = in.hasNext() ? in.next() : "world";
        System.out.println("Hello, " + name + "!");
    }
}
`;

const TEMPLATES: Record<EditorLanguage, string> = {
  javascript: JAVASCRIPT,
  typescript: TYPESCRIPT,
  python: PYTHON,
  cpp: CPP,
  java: JAVA,
};

const COMMENT: Record<EditorLanguage, string> = {
  javascript: '//',
  typescript: '//',
  python: '#',
  cpp: '//',
  java: '//',
};

/** The code a language starts with; opened from a problem, its title and link head the file. */
export function starterTemplate(language: EditorLanguage, problem?: { title?: string; link?: string }): string {
  const heading = [problem?.title, problem?.link].filter(Boolean).map((line) => `${COMMENT[language]} ${line}`);
  return heading.length > 0 ? `${heading.join('\n')}\n\n${TEMPLATES[language]}` : TEMPLATES[language];
}
