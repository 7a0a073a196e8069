import { zodResolver } from '@hookform/resolvers/zod';
import { roleLabel } from '@learnbuild/domain/roles';
import { type User, updateNameBodySchema } from '@learnbuild/domain/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { Camera } from 'lucide-react';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { removeAvatar, updateProfile, uploadAvatar } from '@/features/auth/api/profile';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { FormTextField } from './form-text-field';
import { OutcomeMessage } from './outcome-message';
import { SubmitButton } from './submit-button';

/** Same limit as the server's; checked here too so a large picture is refused before it is sent. */
const MAX_AVATAR_BYTES = 2 * 1024 * 1024;

export function ProfileDetails({ user }: { user: User }) {
  const { signedIn } = useSession();
  const toast = useToast();
  const fileInput = useRef<HTMLInputElement>(null);
  const form = useForm<z.input<typeof updateNameBodySchema>, unknown, z.output<typeof updateNameBodySchema>>({
    resolver: zodResolver(updateNameBodySchema),
    defaultValues: { name: user.name },
  });
  const saveName = useMutation({
    mutationFn: updateProfile,
    onSuccess: (reply) => {
      signedIn(reply.user);
      form.reset({ name: reply.user.name });
      toast(reply.message, 'success');
    },
  });
  const avatar = useMutation({
    mutationFn: uploadAvatar,
    onSuccess: (reply) => {
      signedIn(reply.user);
      toast(reply.message, 'success');
    },
    onError: (error) => toast(errorMessage(error, 'Upload failed'), 'error'),
  });
  const dropAvatar = useMutation({
    mutationFn: removeAvatar,
    onSuccess: (reply) => signedIn(reply.user),
  });
  const name = form.watch('name');

  const onPickFile = (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_AVATAR_BYTES) return toast('The picture must be at most 2 MB', 'error');
    avatar.mutate(file);
  };

  return (
    <div className="flex flex-col gap-6 sm:flex-row sm:items-start">
      <div className="flex flex-col items-center gap-3">
        <Avatar name={user.name} src={user.profilePic} className="h-24 w-24 text-3xl [&_span]:text-3xl" />
        <input
          ref={fileInput}
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          className="sr-only"
          aria-label="Upload profile picture"
          onChange={(event) => {
            onPickFile(event.target.files?.[0]);
            // Lets the same file be picked again after a refusal.
            event.target.value = '';
          }}
        />
        <div className="flex gap-2">
          <Button variant="secondary" size="sm" onClick={() => fileInput.current?.click()} disabled={avatar.isPending}>
            <Camera className="h-4 w-4" aria-hidden /> {avatar.isPending ? 'Uploading...' : 'Change'}
          </Button>
          {user.profilePic ? (
            <Button variant="ghost" size="sm" onClick={() => dropAvatar.mutate()}>
              Remove
            </Button>
          ) : null}
        </div>
        <p className="text-xs text-muted">PNG, JPEG, GIF or WebP, up to 2 MB.</p>
      </div>
      <form
        noValidate
        className="flex flex-1 flex-col gap-4"
        onSubmit={form.handleSubmit((values) => saveName.mutate(values.name))}
      >
        <FormTextField form={form} name="name" label="Name" autoComplete="name" />
        <TextField label="Email" value={user.email} readOnly disabled />
        <p className="text-sm">
          Role: <Badge tone="brand">{roleLabel(user.role)}</Badge>
          {user.role === 'pending_instructor' ? (
            <span className="ml-2 text-muted">Instructor application under review</span>
          ) : null}
        </p>
        <OutcomeMessage error={saveName.error} fallback="Could not save the profile" />
        <SubmitButton
          pending={saveName.isPending}
          pendingLabel="Saving..."
          className="self-start"
          disabled={name.trim() === user.name}
        >
          Save changes
        </SubmitButton>
      </form>
    </div>
  );
}
