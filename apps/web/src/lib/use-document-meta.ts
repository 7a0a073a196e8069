import { useEffect } from 'react';

/**
 * The tab title and meta description of a page whose content loads after the route: set when known,
 * and the description put back when the page is left (the route's own title comes from the layout).
 */
export function useDocumentMeta(title: string | null, description?: string | null) {
  useEffect(() => {
    if (!title) return;
    // After the layout's own effect, which names the tab by the route and runs after this one.
    let live = true;
    queueMicrotask(() => {
      if (live) document.title = `${title} · LearnBuild`;
    });
    return () => {
      live = false;
    };
  }, [title]);

  useEffect(() => {
    if (!description) return;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    const created = !meta;
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    const before = meta.content;
    meta.content = description;
    return () => {
      if (created) meta.remove();
      else meta.content = before;
    };
  }, [description]);
}
