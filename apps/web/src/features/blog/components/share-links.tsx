import { Check, Link2, Mail, Share2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button, buttonClasses } from '@/components/ui/button';
import { shareLinks } from '@/features/blog/blog-format';

const NAMES = { x: 'X', linkedin: 'LinkedIn', mail: 'Email' } as const;

/** Copy the address, or share it on X, LinkedIn or by mail: plain links, no third-party scripts. */
export function ShareLinks({ url, title }: { url: string; title: string }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(null), 2500);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };

  return (
    <section aria-labelledby="share-heading" className="flex flex-col gap-3" data-testid="share">
      <h2 id="share-heading" className="text-xs font-semibold tracking-wide text-muted uppercase">
        Share this post
      </h2>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" size="sm" onClick={() => void copy()}>
          {copied === 'yes' ? <Check className="h-4 w-4" aria-hidden /> : <Link2 className="h-4 w-4" aria-hidden />}
          {copied === 'yes' ? 'Link copied' : 'Copy link'}
        </Button>
        {shareLinks(url, title).map((link) => {
          const mail = link.name === 'mail';
          return (
            <a
              key={link.name}
              href={link.href}
              target={mail ? undefined : '_blank'}
              rel="noopener noreferrer"
              aria-label={mail ? link.label : `${link.label} (opens in a new tab)`}
              className={buttonClasses('secondary', 'sm')}
            >
              {mail ? <Mail className="h-4 w-4" aria-hidden /> : <Share2 className="h-4 w-4" aria-hidden />}
              {NAMES[link.name as keyof typeof NAMES]}
            </a>
          );
        })}
      </div>
      <p aria-live="polite" className="text-sm text-muted empty:hidden">
        {copied === 'failed' ? 'Could not copy: copy the address from the address bar instead.' : ''}
      </p>
    </section>
  );
}
