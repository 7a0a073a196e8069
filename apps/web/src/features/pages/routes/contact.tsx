import { zodResolver } from '@hookform/resolvers/zod';
import { type ContactBody, contactBodySchema } from '@learnbuild/domain/schemas/contact';
import { useMutation } from '@tanstack/react-query';
import { Mail, MessageSquare } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormMessage, TextAreaField, TextField } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { sendContactMessage } from '@/features/pages/api/send-contact';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';

export function ContactPage() {
  const { user } = useSession();
  const form = useForm<ContactBody>({
    resolver: zodResolver(contactBodySchema),
    defaultValues: { name: user?.name ?? '', email: user?.email ?? '', subject: '', message: '' },
  });
  const mutation = useMutation({
    mutationFn: sendContactMessage,
    onSuccess: () => form.reset({ ...form.getValues(), subject: '', message: '' }),
  });
  const errors = form.formState.errors;
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <PageHeader title="Contact" subtitle="Questions, feedback or a bug to report? We read every message." />
      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="p-6 lg:col-span-2">
          <form
            noValidate
            className="flex flex-col gap-4"
            onSubmit={form.handleSubmit((values) => mutation.mutate(values))}
          >
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField label="Name" autoComplete="name" error={errors.name?.message} {...form.register('name')} />
              <TextField
                label="Email"
                type="email"
                autoComplete="email"
                error={errors.email?.message}
                {...form.register('email')}
              />
            </div>
            <TextField label="Subject" error={errors.subject?.message} {...form.register('subject')} />
            <TextAreaField label="Message" rows={6} error={errors.message?.message} {...form.register('message')} />
            {mutation.isSuccess ? <FormMessage message={mutation.data.message} tone="success" /> : null}
            {mutation.isError ? (
              <FormMessage message={errorMessage(mutation.error, 'Could not send your message')} tone="error" />
            ) : null}
            <Button type="submit" className="self-start" disabled={mutation.isPending}>
              {mutation.isPending ? 'Sending...' : 'Send message'}
            </Button>
          </form>
        </Card>
        <div className="flex flex-col gap-4">
          <Card className="p-6">
            <Mail className="mb-3 h-6 w-6 text-brand-600" aria-hidden />
            <h2 className="font-semibold">Email</h2>
            <p className="mt-1 text-sm text-muted">
              Support:{' '}
              <a className="text-brand-600 hover:underline dark:text-brand-400" href="mailto:support@learnbuild.dev">
                support@learnbuild.dev
              </a>
            </p>
            <p className="mt-1 text-sm text-muted">
              Privacy:{' '}
              <a className="text-brand-600 hover:underline dark:text-brand-400" href="mailto:privacy@learnbuild.dev">
                privacy@learnbuild.dev
              </a>
            </p>
          </Card>
          <Card className="p-6">
            <MessageSquare className="mb-3 h-6 w-6 text-brand-600" aria-hidden />
            <h2 className="font-semibold">Response time</h2>
            <p className="mt-1 text-sm text-muted">We usually reply within two working days.</p>
          </Card>
        </div>
      </div>
    </div>
  );
}
