import type { CourseDetail } from '@learnbuild/domain/schemas/courses';
import { MessageSquare } from 'lucide-react';
import { useState } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Pager } from '@/components/ui/pager';
import { Skeleton } from '@/components/ui/skeleton';
import { REVIEWS_PAGE_SIZE, useReviews } from '@/features/courses/api/get-reviews';
import { countOf } from '@/features/courses/course-format';
import { formatDate, useDateReader } from '@/lib/dates';
import { ReviewForm } from './review-form';
import { ratingLabel, Stars } from './star-rating';

/** Ratings and reviews: the average, the enrolled learner's own form, then the newest reviews first. */
export function ReviewsSection({ course }: { course: CourseDetail }) {
  const [page, setPage] = useState(1);
  const reviews = useReviews(course._id, page);
  const reader = useDateReader();
  const average = reviews.data?.average ?? course.rating.average;
  const total = reviews.data?.total ?? course.rating.count;
  const pages = Math.max(1, Math.ceil(total / REVIEWS_PAGE_SIZE));

  return (
    <section aria-labelledby="reviews-heading" id="reviews" className="scroll-mt-24">
      <h2 id="reviews-heading" tabIndex={-1} className="text-2xl font-bold focus:outline-none">
        Reviews
      </h2>
      {average !== null && total > 0 ? (
        <div className="mt-3 flex items-center gap-3">
          <span className="text-4xl font-bold text-amber-700 dark:text-amber-300">{average.toFixed(1)}</span>
          <div>
            <span role="img" aria-label={ratingLabel(average, total)}>
              <Stars value={average} />
            </span>
            <p className="text-sm text-muted">{countOf(total, 'review')}</p>
          </div>
        </div>
      ) : null}
      {course.viewer.enrolled ? (
        <div className="mt-6">
          <ReviewForm key={course.viewer.myReview ? 'edit' : 'new'} course={course} />
        </div>
      ) : null}
      <div className="mt-6">
        {reviews.isPending ? (
          <div className="flex flex-col gap-3" aria-hidden>
            <Skeleton className="h-20" />
            <Skeleton className="h-20" />
          </div>
        ) : reviews.isError ? (
          <div role="alert" className="flex flex-col items-start gap-2 text-sm text-muted">
            Reviews could not be loaded.
            <Button variant="secondary" size="sm" onClick={() => void reviews.refetch()}>
              Try again
            </Button>
          </div>
        ) : reviews.data.reviews.length === 0 ? (
          <p className="inline-flex items-center gap-2 text-sm text-muted">
            <MessageSquare className="h-4 w-4" aria-hidden />
            {course.viewer.enrolled
              ? 'No reviews yet. Be the first to review this course.'
              : 'No reviews yet. Learners who enroll can review the course.'}
          </p>
        ) : (
          <ul className="flex flex-col divide-y divide-[var(--border)]" aria-label="Reviews">
            {reviews.data.reviews.map((review) => (
              <li key={review.id} className="flex gap-3 py-4">
                <Avatar name={review.author.name} />
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <p className="font-medium">{review.author.name}</p>
                    <span role="img" aria-label={`${review.rating} out of 5 stars`}>
                      <Stars value={review.rating} />
                    </span>
                    <time dateTime={review.updatedAt} className="text-sm text-muted">
                      {formatDate(review.updatedAt, 'date', reader)}
                    </time>
                  </div>
                  {review.body ? (
                    <p className="mt-1 whitespace-pre-line text-sm leading-relaxed">{review.body}</p>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      {pages > 1 ? (
        <div className="mt-4">
          <Pager page={page} pages={pages} onPage={setPage} label="Review pages" />
        </div>
      ) : null}
    </section>
  );
}
