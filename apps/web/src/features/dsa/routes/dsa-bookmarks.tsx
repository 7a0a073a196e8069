import { NotBuiltYet } from '../../../app/not-built-yet';

export function DsaBookmarksPage() {
  return <NotBuiltYet />;
}
