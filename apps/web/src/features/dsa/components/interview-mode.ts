import { DSA_INTERVIEW_MODE_KEY } from '@learnbuild/domain/constants';
import { useCallback, useState } from 'react';
import { readJson, writeJson } from '@/lib/storage';

/** Interview mode hides difficulty badges, topic names and tags (they give the approach away); remembered per browser. */
export function useInterviewMode(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => readJson<boolean>(DSA_INTERVIEW_MODE_KEY, false) === true);
  const set = useCallback((value: boolean) => {
    setOn(value);
    writeJson(DSA_INTERVIEW_MODE_KEY, value);
  }, []);
  return [on, set];
}
