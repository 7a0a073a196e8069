import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form's resolver whose code (the schema, and zod with it) loads at the form's first validation rather
 * than with its screen: a form page paints and hydrates without it. Validation itself is unchanged.
 */
export function lazyResolver<T extends FieldValues>(load: () => Promise<Resolver<T>>): Resolver<T> {
  let loading: Promise<Resolver<T>> | undefined;
  return async (values, context, options) => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return (await loading)(values, context, options);
  };
}
