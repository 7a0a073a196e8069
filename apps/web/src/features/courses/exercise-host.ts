import { type ComponentType, createContext } from 'react';
import type { ExerciseWorkbenchProps } from '@/lib/exercise-workbench-props';

/**
 * The workbench a code exercise is solved in (issue 30): the problem page's editor and console, given by the app,
 * which composes the course player with the practice feature (features never import each other). Null: none.
 */
export const ExerciseHostContext = createContext<{ Workbench: ComponentType<ExerciseWorkbenchProps> } | null>(null);
