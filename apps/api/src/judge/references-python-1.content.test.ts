import { judgeEveryReference } from './reference-checks';

judgeEveryReference('python', 1, 2);
