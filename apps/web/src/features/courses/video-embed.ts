/**
 * The player address for a YouTube or Vimeo link (watch pages, short links, embeds), or null for
 * anything else. YouTube plays from its no-cookie host; the CSP allows exactly these two frames.
 */
export function videoEmbedSource(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:') return null;
  const host = url.hostname.replace(/^(www|m)\./, '');
  const segments = url.pathname.split('/').filter(Boolean);
  const youtube = (id: string | null | undefined) =>
    id && /^[\w-]{6,20}$/.test(id) ? `https://www.youtube-nocookie.com/embed/${id}` : null;
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    if (segments[0] === 'watch' || url.pathname === '/watch') return youtube(url.searchParams.get('v'));
    if (['embed', 'shorts', 'live', 'v'].includes(segments[0] ?? '')) return youtube(segments[1]);
    return null;
  }
  if (host === 'youtu.be') return youtube(segments[0]);
  const vimeo = (id: string | undefined) => (id && /^\d+$/.test(id) ? `https://player.vimeo.com/video/${id}` : null);
  if (host === 'player.vimeo.com') return segments[0] === 'video' ? vimeo(segments[1]) : null;
  if (host === 'vimeo.com') return vimeo(segments.find((segment) => /^\d+$/.test(segment)));
  return null;
}
