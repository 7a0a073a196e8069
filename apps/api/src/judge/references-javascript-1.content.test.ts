import { judgeEveryReference } from './reference-checks';

judgeEveryReference('javascript', 1, 4);
