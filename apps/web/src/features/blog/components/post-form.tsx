import {
  BLOG_EXCERPT_MAX,
  BLOG_TAG_MAX,
  BLOG_TAGS_MAX,
  BLOG_TITLE_MAX,
  type BlogPost,
  type BlogStatus,
  type CreateBlogPostBody,
  slugify,
} from '@learnbuild/domain/schemas/blog';
import { Save, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormMessage, TextAreaField, TextField } from '@/components/ui/field';
import { TagsInput } from '@/components/ui/tags-input';
import { isLive, postHref } from '@/features/blog/blog-format';
import {
  POST_FIELDS,
  type PostField,
  type PostFormValues,
  postBody,
  postFormProblems,
  postFormValues,
  suggestedPublishTime,
  toLocalInput,
} from '@/features/blog/post-form-values';
import { errorMessage, errorStatus } from '@/lib/api-client';
import { serverDetails } from '@/lib/server-details';
import { useReportDirty } from '@/lib/use-report-dirty';
import { BodyEditor } from './body-editor';
import { CoverField } from './cover-field';
import { StatusField } from './status-field';

const resolver: Resolver<PostFormValues> = async (values) => {
  const problems = postFormProblems(values);
  const errors = Object.fromEntries(
    Object.entries(problems).map(([field, message]) => [field, { type: 'validate', message }]),
  );
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
};

/** The save button says what saving does. */
function saveLabel(status: BlogStatus, post: BlogPost | undefined): string {
  if (status === 'draft') return post && post.status !== 'draft' ? 'Save as draft' : 'Save draft';
  if (status === 'scheduled') return 'Schedule';
  return post && isLive(post) ? 'Update post' : 'Publish';
}

/**
 * The post editor's form: checked with the server's schema, the server's field refusals shown beside
 * their fields. `save` stores it and answers the stored post.
 */
export function PostForm({
  post,
  save,
  onSaved,
  onDelete,
  onDirtyChange,
}: {
  post?: BlogPost;
  save: (body: CreateBlogPostBody) => Promise<BlogPost>;
  onSaved: (post: BlogPost) => void;
  onDelete?: () => void;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const form = useForm<PostFormValues>({ resolver, defaultValues: postFormValues(post) });
  const [coverUrl, setCoverUrl] = useState<string | null>(post?.coverImage ?? null);
  const [failure, setFailure] = useState<string | null>(null);
  const { errors, isDirty, isSubmitting } = form.formState;
  const status = form.watch('status');
  const title = form.watch('title');
  const slug = form.watch('slug');
  const tags = form.watch('tags');

  useReportDirty(isDirty, onDirtyChange);

  const submit = async (values: PostFormValues) => {
    setFailure(null);
    try {
      const stored = await save(postBody(values));
      form.reset(postFormValues(stored));
      setCoverUrl(stored.coverImage);
      onSaved(stored);
    } catch (error) {
      const details = serverDetails(error);
      const unmatched: string[] = [];
      for (const detail of details) {
        const field = detail.path.split('.')[0] as PostField;
        if ((POST_FIELDS as readonly string[]).includes(field)) {
          form.setError(field, { type: 'server', message: detail.message });
        } else unmatched.push(detail.message);
      }
      const general = errorMessage(error, 'The post could not be saved');
      // A taken address (409) belongs to the slug field.
      const taken = errorStatus(error) === 409;
      if (taken) form.setError('slug', { type: 'server', message: general }, { shouldFocus: true });
      if (unmatched.length > 0) setFailure(`${general}: ${unmatched.join('; ')}`);
      else if (taken || details.length > 0) setFailure('Not saved: see the messages beside the fields above.');
      else setFailure(general);
    }
  };

  const address = slug.trim() || (title.trim() ? slugify(title) : '');
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(submit)}
      aria-label={post ? 'Edit post' : 'New post'}
      className="flex flex-col gap-6"
      data-testid="post-form"
    >
      <Card className="flex flex-col gap-5 p-5 sm:p-6">
        <TextField
          label="Title"
          maxLength={BLOG_TITLE_MAX}
          placeholder="e.g. Sliding window, explained with five problems"
          error={errors.title?.message}
          {...form.register('title')}
        />
        <TextField
          label="Slug (optional)"
          maxLength={80}
          placeholder={title.trim() ? slugify(title) : 'made-from-the-title'}
          error={errors.slug?.message}
          hint={
            <p className="text-xs text-muted">
              {address ? (
                <>
                  Address: <span className="font-mono">/blog/{address}</span>.{' '}
                </>
              ) : null}
              {post
                ? 'Changing it keeps the old address working: it redirects here.'
                : 'Leave it empty to make one from the title.'}
            </p>
          }
          {...form.register('slug')}
        />
        <TextAreaField
          label="Excerpt"
          maxLength={BLOG_EXCERPT_MAX}
          rows={3}
          placeholder="One or two sentences for the list, search results and link previews."
          error={errors.excerpt?.message}
          hint={
            <p className="text-xs text-muted">
              {form.watch('excerpt').length} of {BLOG_EXCERPT_MAX} characters. Shown in the list and when the post is
              shared.
            </p>
          }
          {...form.register('excerpt')}
        />
        <Controller
          control={form.control}
          name="tags"
          render={({ field, fieldState }) => (
            <TagsInput
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
              maxTags={BLOG_TAGS_MAX}
              maxTagLength={BLOG_TAG_MAX}
              placeholder="e.g. dsa, interviews"
              hint={`Enter or a comma adds a tag. Up to ${BLOG_TAGS_MAX}; readers filter the blog by them.`}
              hashTags
            />
          )}
        />
        <Controller
          control={form.control}
          name="coverMediaId"
          render={({ field, fieldState }) => (
            <CoverField
              url={coverUrl}
              slug={address}
              tag={tags[0]}
              error={fieldState.error?.message}
              onUploaded={(media) => {
                field.onChange(media.id);
                setCoverUrl(media.url);
              }}
              onRemove={() => {
                field.onChange(null);
                setCoverUrl(null);
              }}
            />
          )}
        />
      </Card>
      <Controller
        control={form.control}
        name="body"
        render={({ field, fieldState }) => (
          <BodyEditor
            ref={field.ref}
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
          />
        )}
      />
      <Card className="flex flex-col gap-5 p-5 sm:p-6">
        <StatusField
          status={status}
          onStatus={(next) => {
            form.setValue('status', next, { shouldDirty: true });
            if (next === 'scheduled' && !form.getValues('publishAt')) {
              form.setValue('publishAt', suggestedPublishTime(), { shouldDirty: true });
            }
            form.clearErrors(['status', 'publishAt']);
          }}
          error={errors.status?.message}
          publishAtError={errors.publishAt?.message}
          publishAtInput={{ ...form.register('publishAt'), min: toLocalInput(new Date().toISOString()) }}
        />
        <div aria-live="polite">
          <FormMessage message={failure} tone="error" />
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={isSubmitting} data-testid="save-post">
            <Save className="h-4 w-4" aria-hidden />
            {isSubmitting ? 'Saving...' : saveLabel(status, post)}
          </Button>
          {post ? (
            <Link to={postHref(post.slug)} className={buttonClasses('secondary')}>
              View post
            </Link>
          ) : null}
          {post && onDelete ? (
            <Button variant="ghost" className="ml-auto text-red-700 dark:text-red-300" onClick={onDelete}>
              <Trash2 className="h-4 w-4" aria-hidden /> Delete post
            </Button>
          ) : null}
        </div>
      </Card>
    </form>
  );
}
