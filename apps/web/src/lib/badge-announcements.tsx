import type { BadgesAwarded } from '@learnbuild/domain/schemas/badges';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useToast } from '@/components/ui/toast';

type Listener = (badges: BadgesAwarded) => void;

const listeners = new Set<Listener>();
/** Each badge is told once per page load, whichever reply or refresh brings it. */
const told = new Set<string>();

/** Says "Badge earned: …" for badges a reply carries (issue 29); any feature may call it. */
export function announceBadges(badges: BadgesAwarded | undefined): void {
  const fresh = (badges ?? []).filter((badge) => !told.has(badge.id));
  if (fresh.length === 0) return;
  for (const badge of fresh) told.add(badge.id);
  for (const listener of listeners) listener(fresh);
}

/** Forgets what was told (tests). */
export function resetBadgeAnnouncements(): void {
  told.clear();
}

export const badgeToastText = (name: string) => `Badge earned: ${name}`;

/** Mounted once under the toasts: shows each announced badge and refreshes the lists that show badges. */
export function BadgeToasts() {
  const toast = useToast();
  const queryClient = useQueryClient();
  useEffect(() => {
    const listener: Listener = (badges) => {
      for (const badge of badges) toast(badgeToastText(badge.name), 'success');
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    };
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, [toast, queryClient]);
  return null;
}
