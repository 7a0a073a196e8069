import type {
  ExerciseLanguage,
  ExerciseSubmission,
  ExerciseSubmissionsReply,
  PublicExercise,
} from '@learnbuild/domain/schemas/exercises';
import { type ComponentType, createContext } from 'react';

/**
 * What the practice workbench takes to solve a code exercise (issue 30): the course player shows it, and the app
 * composes the two (features never import each other).
 */
export interface ExerciseWorkbenchProps {
  exercise: PublicExercise;
  /** Where this browser keeps the learner's code, per language: one key per lesson. */
  storageKey: string;
  /** Judges the code on the server; rejects with the API's error (a visitor not enrolled is told why). */
  submit: (language: ExerciseLanguage, code: string) => Promise<ExerciseSubmission>;
  /** The viewer's earlier submissions, newest first (the console's Submissions tab); null when none are kept. */
  submissions: {
    queryKey: readonly unknown[];
    load: () => Promise<ExerciseSubmissionsReply['submissions']>;
  } | null;
  /** What an Accepted verdict did, in the learner's words. */
  acceptedNote: string;
}

/**
 * The workbench, given by the app to the screens that show exercises (the course player, a core-subject lesson),
 * which it composes with the practice feature. Null: none is given, and the screen says so.
 */
export const ExerciseWorkbenchContext = createContext<ComponentType<ExerciseWorkbenchProps> | null>(null);
