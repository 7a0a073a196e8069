import { routeMatrix } from './a11y-matrix';
import { MATRIX_ROLES } from './a11y-routes';

// The route matrix (a11y-matrix.ts) for students and instructors; a11y.spec.ts has the other two roles.
routeMatrix(MATRIX_ROLES.filter((role) => role.name === 'Student' || role.name === 'Instructor'));
