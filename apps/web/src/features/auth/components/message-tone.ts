import { messageTone } from '@learnbuild/domain/messages';

/**
 * SPEC 8: messages containing 'error' are red, others green. A refused request is an error
 * whatever its wording, so failures are always red (docs/decisions.md).
 */
export function toneOf(message: string, failed: boolean): 'error' | 'success' {
  return failed ? 'error' : messageTone(message);
}
