import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '@/components/ui/class-names';

export function TextLink({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
  return (
    <Link to={to} className={cn('font-medium text-brand-600 hover:underline dark:text-brand-400', className)}>
      {children}
    </Link>
  );
}
