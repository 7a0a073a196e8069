import { judgeEveryReference } from './reference-checks';

judgeEveryReference('python', 2, 2);
