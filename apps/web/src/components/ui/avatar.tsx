import { Avatar as RadixAvatar } from 'radix-ui';
import { cn } from './class-names';

/** SPEC 2: the avatar shows the picture, or the first letter of the name when there is none. */
export function avatarInitial(name: string): string {
  return (name.trim()[0] ?? '?').toUpperCase();
}

export function Avatar({ name, src, className }: { name: string; src?: string | null; className?: string }) {
  return (
    <RadixAvatar.Root
      className={cn(
        'inline-flex h-9 w-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-600 text-white',
        className,
      )}
    >
      {src ? <RadixAvatar.Image src={src} alt="" className="h-full w-full object-cover" /> : null}
      <RadixAvatar.Fallback delayMs={src ? 400 : 0} className="text-sm font-semibold" data-testid="avatar-initial">
        {avatarInitial(name)}
      </RadixAvatar.Fallback>
    </RadixAvatar.Root>
  );
}
