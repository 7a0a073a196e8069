import { ArrowBigUp } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router';
import { cn } from '@/components/ui/class-names';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useAnnounce } from './announcer';

const votesText = (votes: number) => `${votes} ${votes === 1 ? 'vote' : 'votes'}`;

/**
 * An upvote toggle (aria-pressed) with the count. One's own post shows the count only (the server
 * refuses votes on it); an anonymous visitor is sent to log in and brought back.
 */
export function VoteButton({
  votes,
  voted,
  own,
  subject,
  pending,
  onVote,
}: {
  votes: number;
  voted: boolean;
  own: boolean;
  /** What is voted on, for the button's name: "thread", "reply by Sam". */
  subject: string;
  pending: boolean;
  onVote: (on: boolean) => Promise<{ votes: number; voted: boolean }>;
}) {
  const { user } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useToast();
  const announce = useAnnounce();

  if (own) {
    return (
      <span
        className="inline-flex h-8 items-center gap-1.5 rounded-full border border-default px-3 text-sm text-muted"
        title="You cannot vote on your own post"
      >
        <ArrowBigUp className="h-4 w-4" aria-hidden />
        {votesText(votes)}
      </span>
    );
  }

  const toggle = async () => {
    if (!user) {
      const here = `${location.pathname}${location.search}`;
      await navigate(`/login?redirectTo=${encodeURIComponent(here)}`);
      return;
    }
    try {
      const reply = await onVote(!voted);
      announce(`${reply.voted ? 'Upvoted' : 'Vote removed'}. ${votesText(reply.votes)}.`);
    } catch (error) {
      toast(errorMessage(error, 'Could not count the vote'), 'error');
    }
  };

  return (
    <button
      type="button"
      aria-pressed={voted}
      // Not disabled while the vote is sent: keyboard focus stays on the button.
      aria-disabled={pending || undefined}
      onClick={() => (pending ? undefined : void toggle())}
      className={cn(
        'inline-flex h-8 cursor-pointer items-center gap-1.5 rounded-full border px-3 text-sm font-medium transition-colors aria-disabled:cursor-progress aria-disabled:opacity-60',
        voted
          ? 'border-brand-600 bg-brand-600 text-white hover:bg-brand-700'
          : 'border-default bg-[var(--surface)] text-[var(--text)] hover:bg-muted',
      )}
    >
      <ArrowBigUp className={cn('h-4 w-4', voted && 'fill-current')} aria-hidden />
      <span className="sr-only">Upvote {subject}, </span>
      <span>{votes}</span>
      <span className="sr-only"> {votes === 1 ? 'vote' : 'votes'}</span>
    </button>
  );
}
