import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';

export function ProfileSection({
  icon: Icon,
  title,
  id,
  children,
}: {
  icon: LucideIcon;
  title: string;
  /** The section's anchor, for links to it. */
  id?: string;
  children: ReactNode;
}) {
  return (
    <Card id={id} className="scroll-mt-20 p-5 sm:p-6">
      <h2 className="mb-4 flex items-center gap-2 text-lg font-semibold">
        <Icon className="h-5 w-5 text-brand-600" aria-hidden /> {title}
      </h2>
      {children}
    </Card>
  );
}
