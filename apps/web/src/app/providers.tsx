import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ToastProvider } from '@/components/ui/toast';
import { BadgeToasts } from '@/lib/badge-announcements';
import { createQueryClient } from '@/lib/query-client';
import { SessionProvider } from '@/lib/session';

/**
 * `client` comes from the page's renderer when it holds data already (server rendering, hydration);
 * `drawnSignedIn` says the page is drawn, or was drawn by the server, for a signed-in visitor.
 */
export function Providers({
  children,
  client,
  drawnSignedIn = false,
}: {
  children: ReactNode;
  client?: QueryClient;
  drawnSignedIn?: boolean;
}) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider drawnSignedIn={drawnSignedIn}>
        {/* Tooltips bring their own provider (components/ui/tooltip.tsx): the shell loads none of their code. */}
        <ToastProvider>
          {children}
          <BadgeToasts />
        </ToastProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}
