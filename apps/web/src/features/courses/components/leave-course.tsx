import type { CourseDetail } from '@learnbuild/domain/schemas/courses';
import { MoreHorizontal } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useToast } from '@/components/ui/toast';
import { useUnenroll } from '@/features/courses/api/unenroll';
import { errorMessage } from '@/lib/api-client';

/** An enrolled learner's course options: Leave course, after a confirmation. */
export function LeaveCourse({ course }: { course: CourseDetail }) {
  const [confirming, setConfirming] = useState(false);
  const unenroll = useUnenroll();
  const toast = useToast();
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="secondary" size="icon" aria-label="Course options">
            <MoreHorizontal className="h-5 w-5" aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent aria-label="Course options">
          <DropdownMenuItem onSelect={() => setConfirming(true)} className="text-red-700 dark:text-red-300">
            Leave course
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {confirming ? (
        <ConfirmDialog
          title="Leave this course?"
          description="It leaves My learning. Your lesson progress is kept: enroll again any time to pick up where you left off."
          confirmLabel="Leave course"
          busy={unenroll.isPending}
          onClose={() => setConfirming(false)}
          onConfirm={() =>
            unenroll.mutate(course._id, {
              onSuccess: (reply) => {
                setConfirming(false);
                toast(reply.message || 'You left the course', 'success');
              },
              onError: (error) => toast(errorMessage(error, 'Could not leave this course'), 'error'),
            })
          }
        />
      ) : null}
    </>
  );
}
