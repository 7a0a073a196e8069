import { NotBuiltYet } from '../../../app/not-built-yet';

export function AdminSubjectsPage() {
  return <NotBuiltYet />;
}
