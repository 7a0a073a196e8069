import { judgeEveryReference } from './reference-checks';

judgeEveryReference('javascript', 3, 4);
