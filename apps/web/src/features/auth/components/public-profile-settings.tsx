import type { User } from '@learnbuild/domain/schemas/auth';
import {
  HANDLE_MAX,
  handleProblem,
  normalizeHandle,
  PROFILE_PARTS,
  type ProfilePart,
  type PublicProfileSettings,
  publicProfileSettings,
} from '@learnbuild/domain/schemas/profiles';
import { useMutation } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { Switch } from '@/components/ui/switch';
import { useToast } from '@/components/ui/toast';
import { updatePublicProfile } from '@/features/auth/api/public-profile';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { SubmitButton } from './submit-button';

const PARTS: Record<ProfilePart, { label: string; description: string }> = {
  activity: { label: 'Activity', description: 'The year of days you solved problems on.' },
  solved: { label: 'Solved problems', description: 'Solved by difficulty, verified solves and your languages.' },
  courses: { label: 'Courses', description: 'The courses you completed.' },
  certificates: { label: 'Certificates', description: 'Links to your course certificates.' },
  posts: { label: 'Community answers', description: 'Your latest answers in the community.' },
};

/**
 * The public profile at /u/{handle}: its handle (checked as it is typed, by the server's own rule), a switch to
 * turn it on, one per part, and the page itself, which shows its owner a preview of what others see.
 */
export function PublicProfileSection({ user }: { user: User }) {
  const { signedIn } = useSession();
  const toast = useToast();
  const settings = user.publicProfile ?? publicProfileSettings({});
  const [handle, setHandle] = useState(user.handle ?? '');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const problem = handle.trim() === '' && !user.handle ? null : handleProblem(handle);
  const unchanged = normalizeHandle(handle) === (user.handle ?? '');

  const save = useMutation({
    mutationFn: updatePublicProfile,
    onSuccess: (reply) => {
      signedIn(reply.user);
      setHandle(reply.user.handle ?? '');
      setServerError(null);
    },
  });

  const saveHandle = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem || unchanged) return;
    save.mutate(
      { handle: handle.trim() === '' ? null : handle },
      {
        onSuccess: (reply) => toast(reply.user.handle ? 'Handle saved' : 'Handle removed', 'success'),
        onError: (error) => setServerError(errorMessage(error, 'Could not save the handle')),
      },
    );
  };

  const toggle = (part: keyof PublicProfileSettings, checked: boolean) =>
    save.mutate(
      { publicProfile: { [part]: checked } },
      {
        onSuccess: () =>
          toast(
            part === 'enabled' ? (checked ? 'Your profile is public' : 'Your profile is private') : 'Saved',
            'success',
          ),
        onError: (error) => toast(errorMessage(error, 'Could not save the setting'), 'error'),
      },
    );

  const shownError = serverError ?? (touched || handle.length > 0 ? problem : null);
  return (
    <div className="flex flex-col gap-5">
      <p className="text-sm text-muted">
        Share your record at an address of your own. Nothing is public until you turn your profile on.
      </p>
      <form noValidate onSubmit={saveHandle} className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          className="flex-1"
          label="Handle"
          name="handle"
          autoComplete="off"
          spellCheck={false}
          maxLength={HANDLE_MAX + 10}
          value={handle}
          onChange={(event) => {
            setHandle(event.target.value);
            setServerError(null);
          }}
          onBlur={() => setTouched(true)}
          error={shownError ?? undefined}
          hint={
            <p className="text-xs text-muted">
              3 to 30 letters a-z, digits, - and _. Your page: /u/{normalizeHandle(handle) || 'your-handle'}
            </p>
          }
        />
        <SubmitButton pending={save.isPending} pendingLabel="Saving..." className="sm:mt-7" disabled={unchanged}>
          Save handle
        </SubmitButton>
      </form>
      <Switch
        label="Public profile"
        description={
          user.handle
            ? 'Anyone with the link can see the parts you choose below.'
            : 'Choose a handle first: it is your profile’s address.'
        }
        checked={settings.enabled}
        disabled={save.isPending || !user.handle}
        onCheckedChange={(checked) => toggle('enabled', checked)}
      />
      <fieldset className="flex flex-col gap-4 rounded-xl border border-default p-4">
        <legend className="px-1 text-sm font-semibold">What others see</legend>
        {PROFILE_PARTS.map((part) => (
          <Switch
            key={part}
            label={PARTS[part].label}
            description={PARTS[part].description}
            checked={settings[part]}
            disabled={save.isPending}
            onCheckedChange={(checked) => toggle(part, checked)}
          />
        ))}
        <p className="text-xs text-muted">Your name, picture, streaks and badges show whenever the profile is on.</p>
      </fieldset>
      {user.handle ? (
        <div className="flex flex-wrap items-center gap-3">
          <Link to={`/u/${encodeURIComponent(user.handle)}`} className={buttonClasses('secondary', 'sm')}>
            <ExternalLink className="h-4 w-4" aria-hidden /> Preview your public page
          </Link>
          <span className="text-sm text-muted">
            {settings.enabled ? 'Public at' : 'Only you can open'} /u/{user.handle}
          </span>
        </div>
      ) : null}
    </div>
  );
}
