import { judgeEveryReference } from './reference-checks';

judgeEveryReference('javascript', 2, 4);
