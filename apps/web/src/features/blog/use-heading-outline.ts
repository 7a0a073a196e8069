import { type RefObject, useEffect, useLayoutEffect, useState } from 'react';

export interface OutlineHeading {
  id: string;
  text: string;
  level: 2 | 3;
}

function sameOutline(a: readonly OutlineHeading[], b: readonly OutlineHeading[]): boolean {
  return (
    a.length === b.length && a.every((heading, index) => heading.id === b[index]?.id && heading.text === b[index]?.text)
  );
}

/**
 * The second- and third-level headings the markdown rendered inside `container`, read from the page
 * itself, so the table of contents links to exactly the ids the renderer gave them.
 */
export function useHeadingOutline(container: RefObject<HTMLElement | null>, source: string): OutlineHeading[] {
  const [headings, setHeadings] = useState<OutlineHeading[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the outline is read again whenever the text changes
  useLayoutEffect(() => {
    const root = container.current;
    if (!root) return;
    const read = () => {
      const found = [...root.querySelectorAll<HTMLHeadingElement>('h2[id], h3[id]')]
        // Footnotes' own heading is not part of the text's outline.
        .filter((heading) => !heading.closest('section.footnotes'))
        .map((heading) => ({
          id: heading.id,
          text: heading.textContent?.trim() ?? '',
          level: heading.tagName === 'H2' ? 2 : 3,
        })) satisfies OutlineHeading[];
      setHeadings((current) => (sameOutline(current, found) ? current : found));
    };
    read();
    // Text drawn in the browser arrives once the markdown renderer has loaded: read it again then.
    if (typeof MutationObserver === 'undefined') return;
    const observer = new MutationObserver(read);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [container, source]);
  return headings;
}

/** The id of the heading the reader is in: the last one scrolled past the top of the screen. */
export function useActiveHeading(ids: readonly string[]): string | null {
  const [active, setActive] = useState<string | null>(null);
  useEffect(() => {
    if (ids.length === 0) return;
    const update = () => {
      let current: string | null = null;
      for (const id of ids) {
        const element = document.getElementById(id);
        // 96 px: below the sticky navbar and the scroll padding.
        if (element && element.getBoundingClientRect().top <= 96) current = id;
      }
      setActive(current ?? ids[0] ?? null);
    };
    update();
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(update);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, [ids]);
  return active;
}
