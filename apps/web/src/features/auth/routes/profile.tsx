import { zodResolver } from '@hookform/resolvers/zod';
import { roleLabel } from '@learnbuild/domain/roles';
import { changePasswordBodySchema } from '@learnbuild/domain/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { Camera, KeyRound, LogOut, Trash2, UserRound } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { PageHeader } from '../../../app/layout/page-header';
import { Avatar } from '../../../components/ui/avatar';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { FormMessage, TextField } from '../../../components/ui/field';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import {
  changePassword,
  deleteAccount,
  logoutEverywhere,
  removeAvatar,
  updateProfile,
  uploadAvatar,
} from '../api/profile';
import { PasswordStrength } from '../components/password-strength';

const MAX_AVATAR_BYTES = 2 * 1024 * 1024;

function Section({
  icon: Icon,
  title,
  children,
}: {
  icon: typeof UserRound;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="mb-4 flex items-center gap-2 text-lg font-semibold">
        <Icon className="h-5 w-5 text-brand-600" aria-hidden /> {title}
      </h2>
      {children}
    </Card>
  );
}

export function ProfilePage() {
  const { user, signedIn, logout } = useSession();
  const toast = useToast();
  const navigate = useNavigate();
  const fileInput = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(user?.name ?? '');
  const [deletePassword, setDeletePassword] = useState('');

  const saveName = useMutation({
    mutationFn: updateProfile,
    onSuccess: (reply) => {
      signedIn(reply.user);
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
  const passwordForm = useForm<z.input<typeof changePasswordBodySchema>>({
    resolver: zodResolver(changePasswordBodySchema),
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const password = useMutation({
    mutationFn: (values: z.input<typeof changePasswordBodySchema>) =>
      changePassword(values.currentPassword, values.newPassword),
    onSuccess: (reply) => {
      signedIn(reply.user);
      passwordForm.reset();
      toast(reply.message, 'success');
    },
  });
  const everywhere = useMutation({
    mutationFn: logoutEverywhere,
    onSettled: async () => {
      navigate('/login');
      await logout();
    },
  });
  const removal = useMutation({
    mutationFn: deleteAccount,
    onSuccess: async () => {
      navigate('/', { replace: true });
      await logout();
    },
  });

  if (!user) return null;
  const newPassword = passwordForm.watch('newPassword');

  const onPickFile = (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_AVATAR_BYTES) return toast('The picture must be at most 2 MB', 'error');
    avatar.mutate(file);
  };
  const onSaveName = (event: FormEvent) => {
    event.preventDefault();
    saveName.mutate(name);
  };

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <PageHeader title="Profile Settings" subtitle="Manage your account, security and data." />
      <div className="flex flex-col gap-6">
        <Section icon={UserRound} title="Profile">
          <div className="flex flex-col gap-6 sm:flex-row sm:items-start">
            <div className="flex flex-col items-center gap-3">
              <Avatar name={user.name} src={user.profilePic} className="h-24 w-24 text-3xl [&_span]:text-3xl" />
              <input
                ref={fileInput}
                type="file"
                accept="image/png,image/jpeg,image/gif,image/webp"
                className="sr-only"
                aria-label="Upload profile picture"
                onChange={(e) => onPickFile(e.target.files?.[0])}
              />
              <div className="flex gap-2">
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => fileInput.current?.click()}
                  disabled={avatar.isPending}
                >
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
            <form className="flex flex-1 flex-col gap-4" onSubmit={onSaveName}>
              <TextField
                label="Name"
                value={name}
                onChange={(e) => setName(e.target.value)}
                maxLength={80}
                error={saveName.isError ? errorMessage(saveName.error, 'Could not save') : undefined}
              />
              <TextField label="Email" value={user.email} readOnly disabled />
              <p className="text-sm">
                Role: <Badge tone="brand">{roleLabel(user.role)}</Badge>
                {user.role === 'pending_instructor' ? (
                  <span className="ml-2 text-muted">Instructor application under review</span>
                ) : null}
              </p>
              <Button type="submit" className="self-start" disabled={saveName.isPending || name.trim() === user.name}>
                Save changes
              </Button>
            </form>
          </div>
        </Section>

        <Section icon={KeyRound} title="Password">
          <form
            noValidate
            className="flex flex-col gap-4"
            onSubmit={passwordForm.handleSubmit((values) => password.mutate(values))}
          >
            <TextField
              label="Current password"
              type="password"
              autoComplete="current-password"
              error={passwordForm.formState.errors.currentPassword?.message}
              {...passwordForm.register('currentPassword')}
            />
            <TextField
              label="New password"
              type="password"
              autoComplete="new-password"
              error={passwordForm.formState.errors.newPassword?.message}
              hint={<PasswordStrength password={newPassword ?? ''} userInputs={[user.email, user.name]} />}
              {...passwordForm.register('newPassword')}
            />
            {password.isError ? (
              <FormMessage message={errorMessage(password.error, 'Could not change the password')} tone="error" />
            ) : null}
            <Button type="submit" className="self-start" disabled={password.isPending}>
              Change password
            </Button>
          </form>
        </Section>

        <Section icon={LogOut} title="Sessions">
          <p className="mb-4 text-sm text-muted">
            Signed in on a shared computer or lost a device? Sign out everywhere, including here.
          </p>
          <Button variant="secondary" onClick={() => everywhere.mutate()} disabled={everywhere.isPending}>
            Sign out of all devices
          </Button>
        </Section>

        <Section icon={Trash2} title="Delete account">
          <p className="mb-4 text-sm text-muted">
            This removes your account, your progress and your notes for good. It cannot be undone.
          </p>
          <Dialog>
            <DialogTrigger asChild>
              <Button variant="danger">Delete my account</Button>
            </DialogTrigger>
            <DialogContent
              title="Delete your account?"
              description="Your progress, bookmarks and notes are deleted with it."
            >
              <form
                className="flex flex-col gap-4"
                onSubmit={(event) => {
                  event.preventDefault();
                  removal.mutate(deletePassword);
                }}
              >
                <TextField
                  label="Current password"
                  type="password"
                  autoComplete="current-password"
                  value={deletePassword}
                  onChange={(e) => setDeletePassword(e.target.value)}
                />
                {removal.isError ? (
                  <FormMessage message={errorMessage(removal.error, 'Could not delete the account')} tone="error" />
                ) : null}
                <Button type="submit" variant="danger" disabled={removal.isPending}>
                  Delete forever
                </Button>
              </form>
            </DialogContent>
          </Dialog>
        </Section>
      </div>
    </div>
  );
}
