import { judgeEveryReference } from './reference-checks';

judgeEveryReference('javascript', 4, 4);
