import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { PublicProfile } from '@learnbuild/domain/schemas/profiles';
import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';

/** The social card's size: what link previews show large (1.91:1). */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
/** Cards kept drawn, by their content; the least recently used leaves first. */
const CARDS_KEPT = 200;

const require = createRequire(import.meta.url);
// Satori reads TTF, OTF and WOFF (not WOFF2); Inter's Latin faces come from its npm package.
const fontFile = (weight: number) =>
  readFileSync(require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`));
let fonts: { name: string; data: Buffer; weight: 400 | 700; style: 'normal' }[] | undefined;
const loadFonts = () => {
  fonts ??= [
    { name: 'Inter', data: fontFile(400), weight: 400, style: 'normal' },
    { name: 'Inter', data: fontFile(700), weight: 700, style: 'normal' },
  ];
  return fonts;
};

type Node = { type: string; props: Record<string, unknown> };
const h = (type: string, style: Record<string, unknown>, ...children: (Node | string)[]): Node => ({
  type,
  props: { style, children: children.length === 1 ? children[0] : children },
});

/** What the card shows: the parts the profile shows publicly, nothing else. */
export function cardFacts(profile: PublicProfile) {
  const solved = profile.solved;
  return {
    name: profile.name,
    handle: profile.handle,
    solved: solved ? solved.Easy + solved.Medium + solved.Hard : null,
    byDifficulty: solved ? `${solved.Easy} Easy · ${solved.Medium} Medium · ${solved.Hard} Hard` : null,
    verified: solved?.verified ?? null,
    streak: profile.streak,
    badges: profile.badges.length,
  };
}
type CardFacts = ReturnType<typeof cardFacts>;

const stat = (value: string, label: string) =>
  h(
    'div',
    { display: 'flex', flexDirection: 'column', marginRight: 64 },
    h('div', { fontSize: 64, fontWeight: 700, color: '#0f172a' }, value),
    h('div', { fontSize: 26, color: '#475569' }, label),
  );

function card(facts: CardFacts): Node {
  const stats: Node[] = [];
  if (facts.solved !== null) stats.push(stat(String(facts.solved), 'problems solved'));
  stats.push(stat(String(facts.streak.longest), 'longest streak (days)'));
  if (facts.badges > 0) stats.push(stat(String(facts.badges), facts.badges === 1 ? 'badge' : 'badges'));
  return h(
    'div',
    {
      // Satori adds the padding to the size given (content-box).
      width: CARD_WIDTH - 2 * 72,
      height: CARD_HEIGHT - 88 - 64,
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'space-between',
      padding: '88px 72px 64px',
      backgroundColor: '#f8fafc',
      backgroundImage: 'linear-gradient(to bottom, #4f46e5 0px, #4f46e5 16px, #f8fafc 16px)',
      fontFamily: 'Inter',
    },
    h(
      'div',
      { display: 'flex', flexDirection: 'column' },
      h('div', { fontSize: 72, fontWeight: 700, color: '#0f172a', lineHeight: 1.1 }, facts.name.slice(0, 60)),
      h('div', { fontSize: 34, color: '#4f46e5', marginTop: 12 }, `@${facts.handle}`),
    ),
    h('div', { display: 'flex' }, ...stats),
    h(
      'div',
      { display: 'flex', justifyContent: 'space-between', fontSize: 28, color: '#475569' },
      h('div', { display: 'flex' }, facts.byDifficulty ?? ''),
      h('div', { display: 'flex', fontWeight: 700, color: '#4f46e5' }, 'LearnBuild'),
    ),
  );
}

const kept = new Map<string, Buffer>();

/** The profile's social card as PNG bytes, drawn once per distinct content. */
export async function profileCardPng(profile: PublicProfile): Promise<Buffer> {
  const facts = cardFacts(profile);
  const key = JSON.stringify(facts);
  const found = kept.get(key);
  if (found) {
    kept.delete(key);
    kept.set(key, found);
    return found;
  }
  const svg = await satori(card(facts) as unknown as Parameters<typeof satori>[0], {
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    fonts: loadFonts(),
  });
  const png = new Resvg(svg, { fitTo: { mode: 'width', value: CARD_WIDTH } }).render().asPng();
  kept.set(key, png);
  if (kept.size > CARDS_KEPT) kept.delete(kept.keys().next().value as string);
  return png;
}
