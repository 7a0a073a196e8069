import { NotBuiltYet } from '../../../app/not-built-yet';

export function DsaManagementPage() {
  return <NotBuiltYet />;
}
