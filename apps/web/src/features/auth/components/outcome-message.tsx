import { FormMessage } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { toneOf } from './message-tone';

/**
 * The outcome of a call: a refusal shows the server's `error` (or SPEC 8's fallback) in red;
 * a reply's message, when given, is coloured by SPEC 8's 'error' rule.
 */
export function OutcomeMessage({ error, reply, fallback }: { error: unknown; reply?: string; fallback: string }) {
  if (error) return <FormMessage message={errorMessage(error, fallback)} tone="error" />;
  if (reply) return <FormMessage message={reply} tone={toneOf(reply, false)} />;
  return null;
}
