import type { ComponentProps } from 'react';
import type { FieldValues, Path, RegisterOptions, UseFormReturn } from 'react-hook-form';
import { TextField } from '@/components/ui/field';

type FormTextFieldProps<Values extends FieldValues> = Omit<
  ComponentProps<typeof TextField>,
  'name' | 'error' | 'form'
> & {
  form: Pick<UseFormReturn<Values>, 'register' | 'getFieldState' | 'formState'>;
  name: Path<Values>;
  options?: RegisterOptions<Values, Path<Values>>;
};

/** A text field bound to a form validated by a shared zod schema; the schema's message shows under it. */
export function FormTextField<Values extends FieldValues>({
  form,
  name,
  options,
  ...props
}: FormTextFieldProps<Values>) {
  const { error } = form.getFieldState(name, form.formState);
  return <TextField {...props} error={error?.message} {...form.register(name, options)} />;
}
