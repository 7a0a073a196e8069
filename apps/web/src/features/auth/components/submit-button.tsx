import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';

/** A form's submit button that is disabled and relabelled while its call is on its way. */
export function SubmitButton({
  pending,
  pendingLabel,
  disabled,
  children,
  ...props
}: Omit<ButtonProps, 'type'> & { pending: boolean; pendingLabel: string; children: ReactNode }) {
  return (
    <Button type="submit" disabled={pending || disabled} {...props}>
      {pending ? pendingLabel : children}
    </Button>
  );
}
