import { Code2, KeyRound } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { useProviders } from '@/features/auth/api/providers';

export function SocialButtons({ redirectTo }: { redirectTo?: string }) {
  const providers = useProviders();
  const list = providers.data ?? [];
  if (list.length === 0) return null;
  const suffix = redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : '';
  return (
    <div className="mt-6">
      <div className="relative mb-4 text-center text-xs text-muted">
        <span className="surface relative z-10 px-2">or continue with</span>
        <div className="absolute inset-x-0 top-1/2 h-px bg-[var(--border)]" aria-hidden />
      </div>
      <div className="flex flex-col gap-2">
        {list.map((provider) => (
          <a key={provider.id} href={`/api/auth/${provider.id}/start${suffix}`} className={buttonClasses('secondary')}>
            {provider.id === 'github' ? (
              <Code2 className="h-4 w-4" aria-hidden />
            ) : (
              <KeyRound className="h-4 w-4" aria-hidden />
            )}
            Continue with {provider.name}
          </a>
        ))}
      </div>
    </div>
  );
}
