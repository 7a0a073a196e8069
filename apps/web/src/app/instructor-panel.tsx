import { Hammer, Wrench } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../components/ui/button';
import { Card, CardBody } from '../components/ui/card';
import { EmptyState } from '../components/ui/empty-state';
import { PageHeader } from './layout/page-header';

/**
 * DESIGN decision 1: the Instructor Panel is where Instructors reach DSA Management (the
 * profile menu shows that link to Admins only). The rest of the panel lands with later work.
 */
export function InstructorPanelPage() {
  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-10">
      <PageHeader title="Instructor Panel" subtitle="Your tools for teaching on LearnBuild." />
      <Card>
        <CardBody className="flex flex-col gap-4 pt-5 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex items-start gap-3">
            <div className="rounded-full bg-brand-100 p-3 text-brand-700 dark:bg-brand-900 dark:text-brand-100">
              <Wrench className="h-5 w-5" aria-hidden />
            </div>
            <div>
              <h2 className="font-semibold">DSA problem bank</h2>
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
      <EmptyState icon={Hammer} title="Not built yet">
        Course analytics, learners and applications for instructors arrive soon. The page and its access rules are
        already real.
      </EmptyState>
    </div>
  );
}
