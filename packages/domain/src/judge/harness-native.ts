import type { JudgeType } from './format';
import { HARNESS_NODES_MAX, type HarnessSignature } from './harness';
import { CPP_TYPES, JAVA_TYPES, usedNodes } from './starter';

// C++ and Java are judged as one whole program each (issue 27: on Judge0, which runs a program and hands back
// what it printed). The program is a small JSON reader and writer (standard library only: Judge0's images have
// nothing else), ListNode and TreeNode as LeetCode declares them, the learner's `class Solution`, and a main that
// reads every test's arguments from stdin and prints one marked line per test. The expected answers are never in
// it: the judge compares the printed answers outside.
//
// stdin: one line per test, its arguments as a JSON object keyed by parameter name (JSON.stringify's text).
// stdout: for test i, a line `<mark> <i> <kind> <micros> <payload>` (with a newline before it, so whatever the
// learner printed without one cannot join it): kind A = answered, payload the answer as JSON; E = threw, payload
// the error as a JSON string; M = ran out of memory; T = passed the per-test time limit (a watchdog prints it).
// The program stops after the first E, M or T line, since the judge stops there too. What else the program
// prints is the learner's own output.

export type NativeLanguage = 'cpp' | 'java';

export interface NativeProgramOptions {
  /** Starts every harness line; new per submission, so nothing the learner prints looks like one by chance. */
  mark: string;
  /** Wall time one test may take before the watchdog ends the program with a T line. */
  testTimeMs: number;
}

/** The text that starts every harness line, from a submission's nonce. */
export function nativeMark(nonce: string): string {
  if (!/^[A-Za-z0-9_-]+$/.test(nonce)) throw new Error('A nonce is letters, digits, - and _ only');
  return `@@learnbuild-judge:${nonce}@@`;
}

/** The program's stdin: each test's arguments (JSON text, one line each). */
export function nativeStdin(argumentsJsons: readonly string[]): string {
  for (const text of argumentsJsons) {
    if (text.includes('\n')) throw new Error('A test’s arguments must be one line of JSON');
  }
  return argumentsJsons.map((text) => `${text}\n`).join('');
}

// ---------------------------------------------------------------------------------------------------------------
// C++

const CPP_HEADER = `#include <bits/stdc++.h>
#include <cxxabi.h>
#include <signal.h>
#include <sys/time.h>
#include <unistd.h>
using namespace std;
`;

const CPP_LIST_NODE = `struct ListNode {
    int val;
    ListNode *next;
    ListNode() : val(0), next(nullptr) {}
    ListNode(int x) : val(x), next(nullptr) {}
    ListNode(int x, ListNode *next) : val(x), next(next) {}
};
`;

const CPP_TREE_NODE = `struct TreeNode {
    int val;
    TreeNode *left;
    TreeNode *right;
    TreeNode() : val(0), left(nullptr), right(nullptr) {}
    TreeNode(int x) : val(x), left(nullptr), right(nullptr) {}
    TreeNode(int x, TreeNode *left, TreeNode *right) : val(x), left(left), right(right) {}
};
`;

/** The JSON reader and writer, the output lines and the watchdog; __MARK__ and __TEST_TIME_MS__ are filled in. */
const CPP_CORE = String.raw`namespace learnbuild_harness {

const char *const MARK = "__MARK__";
const long long TEST_TIME_MS = __TEST_TIME_MS__;
const size_t NODES_MAX = __NODES_MAX__;

struct Json {
    enum Kind { Null, Bool, Number, String, Array, Object };
    Kind kind = Null;
    bool boolean = false;
    bool integral = false;
    long long integer = 0;
    double number = 0;
    std::string text;
    std::vector<std::string> keys;
    std::vector<Json> items;

    const Json &field(const std::string &name) const {
        static const Json none;
        for (size_t i = 0; i < keys.size(); i++)
            if (keys[i] == name) return items[i];
        return none;
    }
    long long asInteger() const { return integral ? integer : (long long)number; }
    double asNumber() const { return integral ? (double)integer : number; }
};

struct Parser {
    const std::string &text;
    size_t at = 0;
    explicit Parser(const std::string &source) : text(source) {}

    [[noreturn]] void fail() const { throw std::runtime_error("The test's arguments could not be read"); }
    char peek() const { return at < text.size() ? text[at] : '\0'; }
    void space() {
        while (at < text.size() && (text[at] == ' ' || text[at] == '\t' || text[at] == '\r' || text[at] == '\n')) at++;
    }
    void expect(char c) {
        space();
        if (peek() != c) fail();
        at++;
    }
    bool literal(const char *word) {
        size_t length = strlen(word);
        if (text.compare(at, length, word) != 0) return false;
        at += length;
        return true;
    }
    unsigned hex4() {
        if (at + 4 > text.size()) fail();
        unsigned value = 0;
        for (int i = 0; i < 4; i++) {
            char c = text[at++];
            value <<= 4;
            if (c >= '0' && c <= '9') value |= (unsigned)(c - '0');
            else if (c >= 'a' && c <= 'f') value |= (unsigned)(c - 'a' + 10);
            else if (c >= 'A' && c <= 'F') value |= (unsigned)(c - 'A' + 10);
            else fail();
        }
        return value;
    }
    static void utf8(std::string &out, unsigned code) {
        if (code < 0x80) out += (char)code;
        else if (code < 0x800) {
            out += (char)(0xC0 | (code >> 6));
            out += (char)(0x80 | (code & 0x3F));
        } else if (code < 0x10000) {
            out += (char)(0xE0 | (code >> 12));
            out += (char)(0x80 | ((code >> 6) & 0x3F));
            out += (char)(0x80 | (code & 0x3F));
        } else {
            out += (char)(0xF0 | (code >> 18));
            out += (char)(0x80 | ((code >> 12) & 0x3F));
            out += (char)(0x80 | ((code >> 6) & 0x3F));
            out += (char)(0x80 | (code & 0x3F));
        }
    }
    std::string string() {
        expect('"');
        std::string out;
        for (;;) {
            if (at >= text.size()) fail();
            char c = text[at++];
            if (c == '"') return out;
            if (c != '\\') {
                out += c;
                continue;
            }
            if (at >= text.size()) fail();
            char escaped = text[at++];
            switch (escaped) {
            case '"': out += '"'; break;
            case '\\': out += '\\'; break;
            case '/': out += '/'; break;
            case 'b': out += '\b'; break;
            case 'f': out += '\f'; break;
            case 'n': out += '\n'; break;
            case 'r': out += '\r'; break;
            case 't': out += '\t'; break;
            case 'u': {
                unsigned code = hex4();
                if (code >= 0xD800 && code < 0xDC00 && text.compare(at, 2, "\\u") == 0) {
                    size_t back = at;
                    at += 2;
                    unsigned low = hex4();
                    if (low >= 0xDC00 && low < 0xE000) code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
                    else at = back;
                }
                utf8(out, code);
                break;
            }
            default: fail();
            }
        }
    }
    Json value() {
        space();
        Json result;
        char c = peek();
        if (c == '{') {
            at++;
            result.kind = Json::Object;
            space();
            if (peek() == '}') {
                at++;
                return result;
            }
            for (;;) {
                space();
                result.keys.push_back(string());
                expect(':');
                result.items.push_back(value());
                space();
                if (peek() == ',') {
                    at++;
                    continue;
                }
                expect('}');
                return result;
            }
        }
        if (c == '[') {
            at++;
            result.kind = Json::Array;
            space();
            if (peek() == ']') {
                at++;
                return result;
            }
            for (;;) {
                result.items.push_back(value());
                space();
                if (peek() == ',') {
                    at++;
                    continue;
                }
                expect(']');
                return result;
            }
        }
        if (c == '"') {
            result.kind = Json::String;
            result.text = string();
            return result;
        }
        if (literal("true")) {
            result.kind = Json::Bool;
            result.boolean = true;
            return result;
        }
        if (literal("false")) {
            result.kind = Json::Bool;
            return result;
        }
        if (literal("null")) return result;
        size_t start = at;
        bool integral = true;
        while (at < text.size() && text[at] != '\0' && strchr("+-0123456789.eE", text[at]) != nullptr) {
            if (text[at] == '.' || text[at] == 'e' || text[at] == 'E') integral = false;
            at++;
        }
        if (start == at) fail();
        std::string digits = text.substr(start, at - start);
        result.kind = Json::Number;
        result.integral = integral && digits.size() < 19;
        if (result.integral) result.integer = strtoll(digits.c_str(), nullptr, 10);
        result.number = strtod(digits.c_str(), nullptr);
        return result;
    }
};

inline void decode(const Json &json, int &value) { value = (int)json.asInteger(); }
inline void decode(const Json &json, double &value) { value = json.asNumber(); }
inline void decode(const Json &json, bool &value) { value = json.kind == Json::Bool ? json.boolean : json.asInteger() != 0; }
inline void decode(const Json &json, std::string &value) { value = json.text; }
template <class T> void decode(const Json &json, std::vector<T> &value) {
    value.clear();
    value.reserve(json.items.size());
    for (const Json &item : json.items) {
        T element{};
        decode(item, element);
        value.push_back(std::move(element));
    }
}

inline void encode(std::string &out, int value) { out += std::to_string(value); }
inline void encode(std::string &out, double value) {
    if (!std::isfinite(value)) {
        out += "null";
        return;
    }
    char buffer[40];
    snprintf(buffer, sizeof buffer, "%.15g", value);
    if (strtod(buffer, nullptr) != value) snprintf(buffer, sizeof buffer, "%.17g", value);
    out += buffer;
}
inline void encode(std::string &out, bool value) { out += value ? "true" : "false"; }
inline void encode(std::string &out, const std::string &value) {
    out += '"';
    for (unsigned char c : value) {
        if (c == '"') out += "\\\"";
        else if (c == '\\') out += "\\\\";
        else if (c == '\n') out += "\\n";
        else if (c == '\r') out += "\\r";
        else if (c == '\t') out += "\\t";
        else if (c < 0x20) {
            char buffer[8];
            snprintf(buffer, sizeof buffer, "\\u%04x", c);
            out += buffer;
        } else out += (char)c;
    }
    out += '"';
}
inline void encode(std::string &out, const std::vector<bool> &value) {
    out += '[';
    for (size_t i = 0; i < value.size(); i++) {
        if (i > 0) out += ',';
        encode(out, (bool)value[i]);
    }
    out += ']';
}
template <class T> void encode(std::string &out, const std::vector<T> &value) {
    out += '[';
    for (size_t i = 0; i < value.size(); i++) {
        if (i > 0) out += ',';
        encode(out, value[i]);
    }
    out += ']';
}

__NODE_CODECS__
inline std::string quoted(const std::string &text) {
    std::string out;
    encode(out, text);
    return out;
}

inline std::string describe(const std::exception &error) {
    int status = 0;
    char *name = abi::__cxa_demangle(typeid(error).name(), nullptr, nullptr, &status);
    std::string text = status == 0 && name != nullptr ? name : "exception";
    free(name);
    return text + ": " + error.what();
}

inline void emit(int index, char kind, long long micros, const std::string &payload) {
    std::cout.flush();
    std::string line = "\n";
    line += MARK;
    line += ' ';
    line += std::to_string(index);
    line += ' ';
    line += kind;
    line += ' ';
    line += std::to_string(micros);
    line += ' ';
    line += payload;
    line += '\n';
    fwrite(line.data(), 1, line.size(), stdout);
    fflush(stdout);
}

char alarmLine[256];
size_t alarmLength = 0;

void onAlarm(int) {
    ssize_t written = ::write(1, alarmLine, alarmLength);
    (void)written;
    _exit(0);
}

inline void arm(int index) {
    int length = snprintf(alarmLine, sizeof alarmLine, "\n%s %d T 0 \n", MARK, index);
    alarmLength = length > 0 ? (size_t)length : 0;
    struct itimerval timer;
    memset(&timer, 0, sizeof timer);
    timer.it_value.tv_sec = TEST_TIME_MS / 1000;
    timer.it_value.tv_usec = (TEST_TIME_MS % 1000) * 1000;
    setitimer(ITIMER_REAL, &timer, nullptr);
}

inline void disarm() {
    struct itimerval timer;
    memset(&timer, 0, sizeof timer);
    setitimer(ITIMER_REAL, &timer, nullptr);
}

bool runTest(int index, const std::string &line);

int runAll() {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = onAlarm;
    sigaction(SIGALRM, &action, nullptr);
    std::string input;
    char buffer[1 << 16];
    size_t count;
    while ((count = fread(buffer, 1, sizeof buffer, stdin)) > 0) input.append(buffer, count);
    size_t at = 0;
    int index = 0;
    while (at < input.size()) {
        size_t end = input.find('\n', at);
        if (end == std::string::npos) end = input.size();
        if (end > at && !runTest(index++, input.substr(at, end - at))) break;
        at = end + 1;
    }
    std::cout.flush();
    fflush(stdout);
    _exit(0);
}

} // namespace learnbuild_harness
`;

const CPP_LIST_CODEC = `inline void decode(const Json &json, ListNode *&head) {
    head = nullptr;
    ListNode **tail = &head;
    for (const Json &item : json.items) {
        *tail = new ListNode((int)item.asInteger());
        tail = &((*tail)->next);
    }
}
inline void encode(std::string &out, ListNode *head) {
    out += '[';
    size_t count = 0;
    for (ListNode *node = head; node != nullptr; node = node->next) {
        if (count >= NODES_MAX) throw std::runtime_error("The returned list does not end (is there a cycle?)");
        if (count++ > 0) out += ',';
        out += std::to_string(node->val);
    }
    out += ']';
}
`;

const CPP_TREE_CODEC = `inline void decode(const Json &json, TreeNode *&root) {
    root = nullptr;
    const std::vector<Json> &items = json.items;
    if (items.empty() || items[0].kind == Json::Null) return;
    root = new TreeNode((int)items[0].asInteger());
    std::vector<TreeNode *> queue(1, root);
    size_t front = 0, i = 1;
    while (i < items.size() && front < queue.size()) {
        TreeNode *node = queue[front++];
        if (i < items.size() && items[i].kind != Json::Null) {
            node->left = new TreeNode((int)items[i].asInteger());
            queue.push_back(node->left);
        }
        i++;
        if (i < items.size() && items[i].kind != Json::Null) {
            node->right = new TreeNode((int)items[i].asInteger());
            queue.push_back(node->right);
        }
        i++;
    }
}
inline void encode(std::string &out, TreeNode *root) {
    std::vector<TreeNode *> queue(1, root);
    std::vector<std::string> items;
    for (size_t front = 0; front < queue.size(); front++) {
        TreeNode *node = queue[front];
        if (node == nullptr) {
            items.push_back("null");
            continue;
        }
        if (queue.size() >= 2 * NODES_MAX) throw std::runtime_error("The returned tree does not end (is there a cycle?)");
        items.push_back(std::to_string(node->val));
        queue.push_back(node->left);
        queue.push_back(node->right);
    }
    while (!items.empty() && items.back() == "null") items.pop_back();
    out += '[';
    for (size_t i = 0; i < items.size(); i++) {
        if (i > 0) out += ',';
        out += items[i];
    }
    out += ']';
}
`;

function cppRunTest(signature: HarnessSignature): string {
  const decoded = signature.parameters
    .map(
      (parameter, i) =>
        `        ${CPP_TYPES[parameter.type]} a${i}{};\n        decode(arguments.field(${JSON.stringify(parameter.name)}), a${i});`,
    )
    .join('\n');
  const call = `solution->${signature.functionName}(${signature.parameters.map((_, i) => `a${i}`).join(', ')})`;
  return `namespace learnbuild_harness {
bool runTest(int index, const std::string &line) {
    try {
        Json arguments = Parser(line).value();
${decoded}
        Solution *solution = new Solution();
        std::string answerJson;
        arm(index);
        auto started = std::chrono::steady_clock::now();
        ${CPP_TYPES[signature.returnType]} answer = ${call};
        encode(answerJson, answer);
        long long micros = std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - started).count();
        disarm();
        emit(index, 'A', micros, answerJson);
        return true;
    } catch (const std::bad_alloc &) {
        disarm();
        emit(index, 'M', 0, "");
    } catch (const std::exception &error) {
        disarm();
        emit(index, 'E', 0, quoted(describe(error)));
    } catch (...) {
        disarm();
        emit(index, 'E', 0, quoted("An exception was thrown (not a std::exception)"));
    }
    return false;
}
} // namespace learnbuild_harness

int main() { return learnbuild_harness::runAll(); }
`;
}

/**
 * The C++ program: the learner's code is compiled as `solution.cpp` from its line 1 (a `#line` directive), so the
 * compiler's messages name the learner's own lines.
 */
function cppProgram(signature: HarnessSignature, code: string, options: NativeProgramOptions): string {
  const nodes = usedNodes(signature);
  const structs = `${nodes.includes('ListNode') ? CPP_LIST_NODE : ''}${nodes.includes('TreeNode') ? CPP_TREE_NODE : ''}`;
  const codecs = `${nodes.includes('ListNode') ? CPP_LIST_CODEC : ''}${nodes.includes('TreeNode') ? CPP_TREE_CODEC : ''}`;
  const core = CPP_CORE.replace('__MARK__', options.mark)
    .replace('__TEST_TIME_MS__', String(Math.round(options.testTimeMs)))
    .replace('__NODES_MAX__', String(HARNESS_NODES_MAX))
    .replace('__NODE_CODECS__', codecs);
  return `${CPP_HEADER}${structs}${core}#line 1 "solution.cpp"\n${code}\n#line 1 "harness.cpp"\n${cppRunTest(signature)}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Java

/** Imported on the learner's first line (so javac's line numbers are the learner's), as other judges do. */
const JAVA_IMPORTS = 'import java.util.*; import java.util.function.*; import java.util.stream.*; import java.io.*; ';

const JAVA_LIST_NODE = `class ListNode {
    int val;
    ListNode next;
    ListNode() {}
    ListNode(int val) { this.val = val; }
    ListNode(int val, ListNode next) { this.val = val; this.next = next; }
}
`;

const JAVA_TREE_NODE = `class TreeNode {
    int val;
    TreeNode left;
    TreeNode right;
    TreeNode() {}
    TreeNode(int val) { this.val = val; }
    TreeNode(int val, TreeNode left, TreeNode right) { this.val = val; this.left = left; this.right = right; }
}
`;

/** Main's fixed part (Java 13, Judge0 CE's JDK): the harness names every library class in full. */
const JAVA_CORE = String.raw`    static final String MARK = "__MARK__";
    static final long TEST_TIME_NANOS = __TEST_TIME_MS__L * 1000000L;
    static final int NODES_MAX = __NODES_MAX__;
    static final Object LOCK = new Object();
    static final java.io.FileOutputStream OUT = new java.io.FileOutputStream(java.io.FileDescriptor.out);
    static boolean running = false;
    static long deadline = 0;
    static int current = -1;

    public static void main(String[] args) throws Exception {
        byte[] input = System.in.readAllBytes();
        String[] lines = new String(input, java.nio.charset.StandardCharsets.UTF_8).split("\n");
        Thread watchdog = new Thread(Main::watch, "learnbuild-watchdog");
        watchdog.setDaemon(true);
        watchdog.start();
        // The learner's code runs on a thread with a large stack: recursion as deep as other judges allow.
        Thread runner = new Thread(null, () -> runAll(lines), "learnbuild-solution", 256L << 20);
        runner.start();
        runner.join();
        System.out.flush();
        Runtime.getRuntime().halt(0);
    }

    static void runAll(String[] lines) {
        int index = 0;
        for (String line : lines) {
            if (line.isEmpty()) continue;
            if (!runTest(index++, line)) return;
        }
    }

    static void watch() {
        synchronized (LOCK) {
            while (true) {
                long now = System.nanoTime();
                if (running && now - deadline >= 0) {
                    emitRaw(current, 'T', 0, "");
                    Runtime.getRuntime().halt(0);
                }
                try {
                    if (running) LOCK.wait(Math.max(1L, (deadline - now) / 1000000L));
                    else LOCK.wait();
                } catch (InterruptedException interrupted) {
                    return;
                }
            }
        }
    }

    static void start(int index) {
        synchronized (LOCK) {
            current = index;
            running = true;
            deadline = System.nanoTime() + TEST_TIME_NANOS;
            LOCK.notifyAll();
        }
    }

    static void stop() {
        synchronized (LOCK) {
            running = false;
        }
    }

    static void emit(int index, char kind, long micros, String payload) {
        System.out.flush();
        emitRaw(index, kind, micros, payload);
    }

    static void emitRaw(int index, char kind, long micros, String payload) {
        String line = "\n" + MARK + " " + index + " " + kind + " " + micros + " " + payload + "\n";
        try {
            OUT.write(line.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            OUT.flush();
        } catch (java.io.IOException failed) {
            Runtime.getRuntime().halt(1);
        }
    }

    static String describe(Throwable error) {
        String text = error.toString();
        for (StackTraceElement frame : error.getStackTrace()) {
            String owner = frame.getClassName();
            if (owner.equals("Main") || owner.startsWith("Main$") || owner.startsWith("java.") || owner.startsWith("jdk.")
                || owner.startsWith("sun.")) continue;
            return text + " (at " + owner + "." + frame.getMethodName() + ", line " + frame.getLineNumber() + ")";
        }
        return text;
    }

    static final class Parser {
        private final String text;
        private int at = 0;

        Parser(String text) { this.text = text; }

        private RuntimeException fail() { return new IllegalArgumentException("The test's arguments could not be read"); }

        private char peek() { return at < text.length() ? text.charAt(at) : '\0'; }

        private void space() {
            while (at < text.length()) {
                char c = text.charAt(at);
                if (c != ' ' && c != '\t' && c != '\r' && c != '\n') break;
                at++;
            }
        }

        private void expect(char c) {
            space();
            if (peek() != c) throw fail();
            at++;
        }

        String string() {
            expect('"');
            StringBuilder out = new StringBuilder();
            while (true) {
                if (at >= text.length()) throw fail();
                char c = text.charAt(at++);
                if (c == '"') return out.toString();
                if (c != '\\') {
                    out.append(c);
                    continue;
                }
                if (at >= text.length()) throw fail();
                char escaped = text.charAt(at++);
                switch (escaped) {
                    case '"': out.append('"'); break;
                    case '\\': out.append('\\'); break;
                    case '/': out.append('/'); break;
                    case 'b': out.append('\b'); break;
                    case 'f': out.append('\f'); break;
                    case 'n': out.append('\n'); break;
                    case 'r': out.append('\r'); break;
                    case 't': out.append('\t'); break;
                    case 'u':
                        if (at + 4 > text.length()) throw fail();
                        out.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
                        at += 4;
                        break;
                    default: throw fail();
                }
            }
        }

        Object value() {
            space();
            char c = peek();
            if (c == '{') {
                at++;
                java.util.HashMap<String, Object> object = new java.util.HashMap<>();
                space();
                if (peek() == '}') { at++; return object; }
                while (true) {
                    space();
                    String key = string();
                    expect(':');
                    object.put(key, value());
                    space();
                    if (peek() == ',') { at++; continue; }
                    expect('}');
                    return object;
                }
            }
            if (c == '[') {
                at++;
                java.util.ArrayList<Object> array = new java.util.ArrayList<>();
                space();
                if (peek() == ']') { at++; return array; }
                while (true) {
                    array.add(value());
                    space();
                    if (peek() == ',') { at++; continue; }
                    expect(']');
                    return array;
                }
            }
            if (c == '"') return string();
            if (text.startsWith("true", at)) { at += 4; return Boolean.TRUE; }
            if (text.startsWith("false", at)) { at += 5; return Boolean.FALSE; }
            if (text.startsWith("null", at)) { at += 4; return null; }
            int start = at;
            boolean integral = true;
            while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0) {
                char d = text.charAt(at);
                if (d == '.' || d == 'e' || d == 'E') integral = false;
                at++;
            }
            if (start == at) throw fail();
            String number = text.substring(start, at);
            if (integral && number.length() < 19) return Long.parseLong(number);
            return Double.parseDouble(number);
        }
    }

    static Object field(Object arguments, String name) { return ((java.util.Map<?, ?>) arguments).get(name); }
    static java.util.List<?> items(Object value) { return (java.util.List<?>) value; }
    static int toInt(Object value) { return ((Number) value).intValue(); }
    static double toDouble(Object value) { return ((Number) value).doubleValue(); }
    static boolean toBool(Object value) { return (Boolean) value; }
    static String toText(Object value) { return (String) value; }

    static int[] toIntArray(Object value) {
        if (value == null) return null;
        java.util.List<?> list = items(value);
        int[] result = new int[list.size()];
        for (int i = 0; i < result.length; i++) result[i] = toInt(list.get(i));
        return result;
    }
    static double[] toDoubleArray(Object value) {
        if (value == null) return null;
        java.util.List<?> list = items(value);
        double[] result = new double[list.size()];
        for (int i = 0; i < result.length; i++) result[i] = toDouble(list.get(i));
        return result;
    }
    static boolean[] toBoolArray(Object value) {
        if (value == null) return null;
        java.util.List<?> list = items(value);
        boolean[] result = new boolean[list.size()];
        for (int i = 0; i < result.length; i++) result[i] = toBool(list.get(i));
        return result;
    }
    static String[] toTextArray(Object value) {
        if (value == null) return null;
        java.util.List<?> list = items(value);
        String[] result = new String[list.size()];
        for (int i = 0; i < result.length; i++) result[i] = toText(list.get(i));
        return result;
    }
    static int[][] toIntMatrix(Object value) {
        if (value == null) return null;
        java.util.List<?> list = items(value);
        int[][] result = new int[list.size()][];
        for (int i = 0; i < result.length; i++) result[i] = toIntArray(list.get(i));
        return result;
    }
    static double[][] toDoubleMatrix(Object value) {
        if (value == null) return null;
        java.util.List<?> list = items(value);
        double[][] result = new double[list.size()][];
        for (int i = 0; i < result.length; i++) result[i] = toDoubleArray(list.get(i));
        return result;
    }
    static boolean[][] toBoolMatrix(Object value) {
        if (value == null) return null;
        java.util.List<?> list = items(value);
        boolean[][] result = new boolean[list.size()][];
        for (int i = 0; i < result.length; i++) result[i] = toBoolArray(list.get(i));
        return result;
    }
    static String[][] toTextMatrix(Object value) {
        if (value == null) return null;
        java.util.List<?> list = items(value);
        String[][] result = new String[list.size()][];
        for (int i = 0; i < result.length; i++) result[i] = toTextArray(list.get(i));
        return result;
    }

    static void write(StringBuilder out, int value) { out.append(value); }
    static void write(StringBuilder out, double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) out.append("null");
        else out.append(value);
    }
    static void write(StringBuilder out, boolean value) { out.append(value); }
    static void write(StringBuilder out, String value) {
        if (value == null) { out.append("null"); return; }
        out.append('"');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '"') out.append("\\\"");
            else if (c == '\\') out.append("\\\\");
            else if (c == '\n') out.append("\\n");
            else if (c == '\r') out.append("\\r");
            else if (c == '\t') out.append("\\t");
            else if (c < 0x20) out.append(String.format("\\u%04x", (int) c));
            else out.append(c);
        }
        out.append('"');
    }
    static void write(StringBuilder out, int[] value) {
        if (value == null) { out.append("null"); return; }
        out.append('[');
        for (int i = 0; i < value.length; i++) { if (i > 0) out.append(','); write(out, value[i]); }
        out.append(']');
    }
    static void write(StringBuilder out, double[] value) {
        if (value == null) { out.append("null"); return; }
        out.append('[');
        for (int i = 0; i < value.length; i++) { if (i > 0) out.append(','); write(out, value[i]); }
        out.append(']');
    }
    static void write(StringBuilder out, boolean[] value) {
        if (value == null) { out.append("null"); return; }
        out.append('[');
        for (int i = 0; i < value.length; i++) { if (i > 0) out.append(','); write(out, value[i]); }
        out.append(']');
    }
    static void write(StringBuilder out, String[] value) {
        if (value == null) { out.append("null"); return; }
        out.append('[');
        for (int i = 0; i < value.length; i++) { if (i > 0) out.append(','); write(out, value[i]); }
        out.append(']');
    }
    static void write(StringBuilder out, int[][] value) {
        if (value == null) { out.append("null"); return; }
        out.append('[');
        for (int i = 0; i < value.length; i++) { if (i > 0) out.append(','); write(out, value[i]); }
        out.append(']');
    }
    static void write(StringBuilder out, double[][] value) {
        if (value == null) { out.append("null"); return; }
        out.append('[');
        for (int i = 0; i < value.length; i++) { if (i > 0) out.append(','); write(out, value[i]); }
        out.append(']');
    }
    static void write(StringBuilder out, boolean[][] value) {
        if (value == null) { out.append("null"); return; }
        out.append('[');
        for (int i = 0; i < value.length; i++) { if (i > 0) out.append(','); write(out, value[i]); }
        out.append(']');
    }
    static void write(StringBuilder out, String[][] value) {
        if (value == null) { out.append("null"); return; }
        out.append('[');
        for (int i = 0; i < value.length; i++) { if (i > 0) out.append(','); write(out, value[i]); }
        out.append(']');
    }
`;

const JAVA_LIST_CODEC = `
    static ListNode toList(Object value) {
        if (value == null) return null;
        java.util.List<?> list = items(value);
        ListNode head = null;
        for (int i = list.size() - 1; i >= 0; i--) head = new ListNode(toInt(list.get(i)), head);
        return head;
    }
    static void write(StringBuilder out, ListNode head) {
        out.append('[');
        int count = 0;
        for (ListNode node = head; node != null; node = node.next) {
            if (count >= NODES_MAX) throw new IllegalStateException("The returned list does not end (is there a cycle?)");
            if (count++ > 0) out.append(',');
            out.append(node.val);
        }
        out.append(']');
    }
`;

const JAVA_TREE_CODEC = `
    static TreeNode toTree(Object value) {
        if (value == null) return null;
        java.util.List<?> list = items(value);
        if (list.isEmpty() || list.get(0) == null) return null;
        TreeNode root = new TreeNode(toInt(list.get(0)));
        java.util.ArrayList<TreeNode> queue = new java.util.ArrayList<>();
        queue.add(root);
        int front = 0;
        int i = 1;
        while (i < list.size() && front < queue.size()) {
            TreeNode node = queue.get(front++);
            if (i < list.size() && list.get(i) != null) {
                node.left = new TreeNode(toInt(list.get(i)));
                queue.add(node.left);
            }
            i++;
            if (i < list.size() && list.get(i) != null) {
                node.right = new TreeNode(toInt(list.get(i)));
                queue.add(node.right);
            }
            i++;
        }
        return root;
    }
    static void write(StringBuilder out, TreeNode root) {
        java.util.ArrayList<TreeNode> queue = new java.util.ArrayList<>();
        java.util.ArrayList<Integer> values = new java.util.ArrayList<>();
        queue.add(root);
        for (int front = 0; front < queue.size(); front++) {
            TreeNode node = queue.get(front);
            if (node == null) { values.add(null); continue; }
            if (queue.size() >= 2 * NODES_MAX) throw new IllegalStateException("The returned tree does not end (is there a cycle?)");
            values.add(node.val);
            queue.add(node.left);
            queue.add(node.right);
        }
        int end = values.size();
        while (end > 0 && values.get(end - 1) == null) end--;
        out.append('[');
        for (int i = 0; i < end; i++) {
            if (i > 0) out.append(',');
            Integer item = values.get(i);
            out.append(item == null ? "null" : item.toString());
        }
        out.append(']');
    }
`;

const JAVA_READERS: Record<JudgeType, string> = {
  int: 'toInt',
  float: 'toDouble',
  bool: 'toBool',
  string: 'toText',
  'int[]': 'toIntArray',
  'float[]': 'toDoubleArray',
  'bool[]': 'toBoolArray',
  'string[]': 'toTextArray',
  'int[][]': 'toIntMatrix',
  'float[][]': 'toDoubleMatrix',
  'bool[][]': 'toBoolMatrix',
  'string[][]': 'toTextMatrix',
  ListNode: 'toList',
  TreeNode: 'toTree',
};

function javaRunTest(signature: HarnessSignature): string {
  const decoded = signature.parameters
    .map(
      (parameter, i) =>
        `            ${JAVA_TYPES[parameter.type]} a${i} = ${JAVA_READERS[parameter.type]}(field(arguments, ${JSON.stringify(parameter.name)}));`,
    )
    .join('\n');
  const call = `solution.${signature.functionName}(${signature.parameters.map((_, i) => `a${i}`).join(', ')})`;
  return `
    static boolean runTest(int index, String line) {
        try {
            Object arguments = new Parser(line).value();
${decoded}
            Solution solution = new Solution();
            start(index);
            long started = System.nanoTime();
            ${JAVA_TYPES[signature.returnType]} answer = ${call};
            StringBuilder out = new StringBuilder();
            write(out, answer);
            long micros = (System.nanoTime() - started) / 1000L;
            stop();
            emit(index, 'A', micros, out.toString());
            return true;
        } catch (OutOfMemoryError error) {
            stop();
            emit(index, 'M', 0, "");
        } catch (Throwable error) {
            stop();
            StringBuilder out = new StringBuilder();
            write(out, describe(error));
            emit(index, 'E', 0, out.toString());
        }
        return false;
    }
`;
}

/**
 * The learner's Java made to sit in Main.java (Judge0 compiles Main.java and runs Main): a `package` line is
 * blanked and `public` is taken off classes, interfaces and enums (only Main may be public in Main.java), each
 * replaced by as many spaces so that every line and column stays where the learner wrote it.
 */
export function javaInMainFile(code: string): string {
  return code
    .replace(/^[ \t]*package\s+[\w.]+\s*;/m, (text) => ' '.repeat(text.length))
    .replace(/\bpublic(\s+(?:(?:abstract|final|static|strictfp)\s+)*(?:class|interface|enum)\b)/g, (_text, rest) => {
      return `      ${rest}`;
    });
}

function javaProgram(signature: HarnessSignature, code: string, options: NativeProgramOptions): string {
  const nodes = usedNodes(signature);
  const classes = `${nodes.includes('ListNode') ? JAVA_LIST_NODE : ''}${nodes.includes('TreeNode') ? JAVA_TREE_NODE : ''}`;
  const codecs = `${nodes.includes('ListNode') ? JAVA_LIST_CODEC : ''}${nodes.includes('TreeNode') ? JAVA_TREE_CODEC : ''}`;
  const core = JAVA_CORE.replace('__MARK__', options.mark)
    .replace('__TEST_TIME_MS__', String(Math.round(options.testTimeMs)))
    .replace('__NODES_MAX__', String(HARNESS_NODES_MAX));
  return `${JAVA_IMPORTS}${javaInMainFile(code)}\n\n${classes}\npublic class Main {\n${core}${codecs}${javaRunTest(signature)}}\n`;
}

/** The whole program to compile and run for one submission: harness, the learner's code, and a main. */
export function nativeProgram(
  language: NativeLanguage,
  signature: HarnessSignature,
  code: string,
  options: NativeProgramOptions,
): string {
  if (!/^[@A-Za-z0-9:_-]+$/.test(options.mark)) throw new Error('A mark is letters, digits, @ : - and _ only');
  return language === 'cpp' ? cppProgram(signature, code, options) : javaProgram(signature, code, options);
}

// ---------------------------------------------------------------------------------------------------------------
// Reading what the program printed

export type NativeResult =
  | { kind: 'answer'; answerJson: string; timeMs: number }
  | { kind: 'error'; message: string }
  | { kind: 'memory' }
  | { kind: 'time' };

export interface NativeOutput {
  /** Each test's result by index (the first line printed for it), with what the learner had printed before it. */
  results: Map<number, NativeResult & { printedBefore: number }>;
  /** Characters the learner's code printed in all (everything but the harness's lines). */
  printed: number;
}

const LINE_PATTERN = /^(\d+) ([AEMT]) (\d+) ?(.*)$/;

/**
 * Splits the program's stdout into the harness's lines and the learner's own output (counted in characters,
 * the harness's lines and the newline around each left out).
 */
export function readNativeOutput(stdout: string, mark: string): NativeOutput {
  const results: NativeOutput['results'] = new Map();
  const prefix = `${mark} `;
  let harnessChars = 0;
  let start = 0;
  while (start < stdout.length) {
    let end = stdout.indexOf('\n', start);
    if (end === -1) end = stdout.length;
    const line = stdout.slice(start, end);
    const parsed = line.startsWith(prefix) ? LINE_PATTERN.exec(line.slice(prefix.length)) : null;
    if (parsed) {
      // The newline the harness wrote before the line is its own, not the learner's.
      const printedBefore = Math.max(0, start - harnessChars - 1);
      harnessChars += line.length + 2;
      const index = Number(parsed[1]);
      if (!results.has(index)) {
        const payload = parsed[4] ?? '';
        let result: NativeResult;
        if (parsed[2] === 'A') result = { kind: 'answer', answerJson: payload, timeMs: Number(parsed[3]) / 1000 };
        else if (parsed[2] === 'M') result = { kind: 'memory' };
        else if (parsed[2] === 'T') result = { kind: 'time' };
        else result = { kind: 'error', message: errorText(payload) };
        results.set(index, { ...result, printedBefore });
      }
    }
    start = end + 1;
  }
  return { results, printed: Math.max(0, stdout.length - harnessChars) };
}

function errorText(payload: string): string {
  try {
    const text: unknown = JSON.parse(payload);
    return typeof text === 'string' ? text : payload;
  } catch {
    return payload;
  }
}
