import { NotBuiltYet } from '../../../app/not-built-yet';

export function DsaSheetPage() {
  return <NotBuiltYet />;
}
