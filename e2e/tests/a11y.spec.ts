import { routeMatrix } from './a11y-matrix';
import { MATRIX_ROLES } from './a11y-routes';

// The route matrix (a11y-matrix.ts) for visitors who are not signed in, and for admins, who see the most screens.
routeMatrix(MATRIX_ROLES.filter((role) => role.name === 'anonymous' || role.name === 'Admin'));
