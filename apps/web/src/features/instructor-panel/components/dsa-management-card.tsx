import { Wrench } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardBody } from '@/components/ui/card';

/**
 * DESIGN decision 1: the Instructor Panel is where Instructors reach DSA Management (the profile menu
 * shows that link to Admins only).
 */
export function DsaManagementCard() {
  return (
    <Card>
      <CardBody className="flex flex-col gap-4 pt-5 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-start gap-3">
          <div className="rounded-full bg-brand-100 p-3 text-brand-700 dark:bg-brand-900 dark:text-brand-100">
            <Wrench className="h-5 w-5" aria-hidden />
          </div>
          <div>
            <h3 className="font-semibold">DSA problem bank</h3>
            <p className="text-sm text-muted">
              Add, edit, reorder and import the problems every learner sees on the DSA Sheet.
            </p>
          </div>
        </div>
        <Link to="/dsa-management" className={buttonClasses('primary')}>
          Open DSA Management
        </Link>
      </CardBody>
    </Card>
  );
}
