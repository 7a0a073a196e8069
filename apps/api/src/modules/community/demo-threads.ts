/**
 * The demo community: a few real discussions, written for LearnBuild, seeded once when demo seeding is on.
 * Authors are the demo accounts by email; `daysAgo` places each post in the recent past.
 */
export interface DemoReply {
  author: string;
  daysAgo: number;
  body: string;
  accepted?: boolean;
  votedBy?: string[];
}

export interface DemoThread {
  category: string;
  author: string;
  daysAgo: number;
  title: string;
  body: string;
  tags: string[];
  pinned?: boolean;
  votedBy?: string[];
  replies: DemoReply[];
}

const ADMIN = 'admin@demo.local';
const INSTRUCTOR = 'instructor@demo.local';
const STUDENT = 'student@demo.local';
const APPLICANT = 'applicant@demo.local';

export const DEMO_THREADS: DemoThread[] = [
  {
    category: 'general',
    author: ADMIN,
    daysAgo: 30,
    pinned: true,
    title: 'Welcome to the LearnBuild community: read this first',
    tags: ['welcome', 'guidelines'],
    votedBy: [INSTRUCTOR, STUDENT],
    body: `Hi everyone, and welcome!

This is the place to unblock each other: ask about a DSA problem you are stuck on, a core subject that does not click yet, a course lesson, or your next interview.

**A good question gets a good answer faster:**

1. Say what you tried and where it breaks, not only "it does not work".
2. Paste the smallest piece of code that shows the problem, in a fenced code block with its language.
3. Pick the right category and add a tag or two (\`sliding-window\`, \`dbms\`, \`resume\`).
4. When a reply solves it, mark it as the answer, so the next person with the same question finds it.

Be kind, assume good intent, and use **Report** on anything that breaks these rules: the moderators (our instructors and admins) look at every report.`,
    replies: [],
  },
  {
    category: 'dsa-help',
    author: STUDENT,
    daysAgo: 6,
    title: 'Sliding window: how do I know when to shrink the window?',
    tags: ['sliding-window', 'two-pointers', 'strings'],
    votedBy: [INSTRUCTOR, APPLICANT],
    body: `I am on "Longest substring without repeating characters" from the sheet. I get the idea of a window, but my solution is wrong on \`"abba"\`: it returns 3 instead of 2.

\`\`\`python
def length_of_longest_substring(s: str) -> int:
    last_seen = {}
    left = best = 0
    for right, ch in enumerate(s):
        if ch in last_seen:
            left = last_seen[ch] + 1
        last_seen[ch] = right
        best = max(best, right - left + 1)
    return best
\`\`\`

How do I decide *when* and *how far* to move \`left\`? Is there a general rule for sliding window problems?`,
    replies: [
      {
        author: INSTRUCTOR,
        daysAgo: 6,
        accepted: true,
        votedBy: [STUDENT, APPLICANT, ADMIN],
        body: `Your window rule is right; the bug is that \`left\` can move **backwards**.

On \`"abba"\`: when you reach the second \`a\` (index 3), \`last_seen['a']\` is 0, so you set \`left = 1\`, but \`left\` was already 2 after the second \`b\`. The window \`[1, 3]\` contains \`b\` twice, and you count 3.

The window's left edge must only ever move right:

\`\`\`python
if ch in last_seen and last_seen[ch] >= left:
    left = last_seen[ch] + 1
\`\`\`

(or \`left = max(left, last_seen[ch] + 1)\`).

The general rule for variable-size windows:

- **Grow** the window by moving \`right\` one step every iteration.
- **Shrink** (move \`left\`) only while the window breaks the condition (here: "no repeated character"). Once it is valid again, stop.
- Record the answer when the window is valid.

Each index enters and leaves the window at most once, so it stays O(n) even with the inner shrinking.`,
      },
      {
        author: APPLICANT,
        daysAgo: 5,
        votedBy: [STUDENT],
        body: `A trick that helped me: write down the window's *invariant* as a comment before coding. Here it is "\`s[left..right]\` has no duplicates". Every time you move a pointer, ask whether the invariant still holds. "Minimum window substring" and "fruit into baskets" fall out of the same template.`,
      },
      {
        author: STUDENT,
        daysAgo: 5,
        body: 'That was exactly it: `max(left, ...)` fixed `"abba"` and it passes everything now. Thanks both, the invariant comment is going into my notes.',
      },
    ],
  },
  {
    category: 'careers',
    author: APPLICANT,
    daysAgo: 4,
    title: 'Eight weeks to my first SDE internship interviews: how would you plan them?',
    tags: ['internship', 'interview-prep', 'planning'],
    votedBy: [STUDENT],
    body: `I have interviews with two product companies in about eight weeks (online assessment first, then two technical rounds). I am comfortable with arrays, strings and hashing, weak on graphs and DP, and I have never done a mock interview.

How would you split the eight weeks? And how much time should go to core subjects (DBMS, OS, networks) versus DSA for an internship?`,
    replies: [
      {
        author: INSTRUCTOR,
        daysAgo: 4,
        accepted: true,
        votedBy: [APPLICANT, STUDENT],
        body: `A plan that has worked for many learners here:

- **Weeks 1–2:** close the gaps. Trees and graphs (BFS, DFS, topological sort), one topic a day, five to six problems each from the DSA sheet.
- **Weeks 3–4:** dynamic programming. Start from recursion plus memoisation, then tabulation: 1D, then 2D grids, then knapsack-style problems.
- **Weeks 5–6:** mixed timed practice. Two problems in 45 minutes, like an online assessment. Revisit every problem you marked for revision.
- **Weeks 7–8:** mocks. At least four mock interviews with a friend, explaining your approach out loud before you code.

For an internship, roughly 80 % DSA and 20 % core subjects: know normalisation, indexes and transactions (DBMS), processes versus threads and deadlocks (OS), and what happens when you type a URL (networks). The Core Subjects pages cover exactly these.`,
      },
      {
        author: ADMIN,
        daysAgo: 3,
        body: 'One more thing: put two projects on your resume that you can talk about for ten minutes each. Interviewers for internships often spend a whole round on them. Show and Tell is a good place to get feedback on yours first.',
      },
    ],
  },
  {
    category: 'show-and-tell',
    author: STUDENT,
    daysAgo: 2,
    title: 'I built a URL shortener with per-user rate limiting: feedback welcome',
    tags: ['project', 'node', 'postgresql'],
    votedBy: [INSTRUCTOR, ADMIN, APPLICANT],
    body: `After the backend lessons I built a small URL shortener: Fastify, PostgreSQL, and a fixed-window rate limiter (100 links per user per hour).

- Short codes are 7 characters of base62 from a random 42-bit number; a unique index catches the rare collision and I retry.
- Redirects answer \`301\` and count clicks in a separate table, so the hot path is one indexed lookup.
- Everything runs with \`docker compose up\`.

\`\`\`sql
create table links (
  code text primary key,
  target text not null,
  owner_id uuid not null references users(id),
  created_at timestamptz not null default now()
);
\`\`\`

What would you improve before I put it on my resume?`,
    replies: [
      {
        author: INSTRUCTOR,
        daysAgo: 2,
        votedBy: [STUDENT],
        body: `Nice, clean scope. Three things an interviewer will likely ask about:

1. **301 versus 302.** Browsers cache a 301 for a long time, so later clicks never reach your server and your click counts go wrong. Most shorteners answer 302 (or 307) for that reason.
2. **Validate targets.** Refuse \`javascript:\` and \`data:\` URLs, or your shortener becomes a phishing tool.
3. **Sliding window versus fixed window.** A fixed window lets a user make 200 links in two minutes around the window edge. Be ready to explain the trade-off, even if you keep it.

Add a short README section with these decisions: that is what turns a project into a resume line.`,
      },
    ],
  },
  {
    category: 'core-subjects',
    author: STUDENT,
    daysAgo: 1,
    title: 'Why does a B+ tree index make range queries fast but not LIKE %term%?',
    tags: ['dbms', 'indexing'],
    body: `In the DBMS indexing lesson, a B+ tree index on \`created_at\` makes \`where created_at between ...\` fast, but an index on \`title\` does not help \`where title like '%graph%'\`. Both are "searching", so why does one use the index and the other scan the whole table?`,
    replies: [
      {
        author: ADMIN,
        daysAgo: 1,
        body: `A B+ tree keeps keys **sorted**, and its leaves are linked in order. A range query finds the first key with one root-to-leaf walk, then reads leaves left to right until it passes the end: only the matching keys are touched.

\`like 'graph%'\` (a prefix) can use the same trick, because all titles starting with "graph" sit next to each other in sorted order. \`like '%graph%'\` cannot: a title containing "graph" in the middle could be anywhere in the sort order, so the database has to look at every row.

For "contains this word" searches, databases use a different structure: an **inverted index** (in PostgreSQL a GIN index over \`to_tsvector\`), which maps each word to the rows that contain it. This community's search works exactly like that.`,
      },
    ],
  },
  {
    category: 'courses',
    author: APPLICANT,
    daysAgo: 0,
    title: 'Which order for the SQL course and the DSA patterns course?',
    tags: ['sql', 'course-order'],
    body: 'I want to take both the SQL and relational design course and the DSA patterns course this month, about an hour a day. Is there an order you recommend, or are they independent enough to do side by side?',
    replies: [],
  },
];
