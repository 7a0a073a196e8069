import type { Role } from '@learnbuild/domain/roles';
import type { ApplicationStatusReply } from '@learnbuild/domain/schemas/instructor-applications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { type AxiosAdapter, AxiosError, type InternalAxiosRequestConfig } from 'axios';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { InstructorApplicationCard } from './instructor-card';

const session = vi.hoisted(() => ({ role: 'Student' as string }));
vi.mock('@/lib/session', () => ({ useSession: () => ({ user: { id: 'user-1', role: session.role } }) }));

type Answer = { status: number; data?: unknown } | 'unreachable' | Promise<{ status: number; data?: unknown }>;
const answers: Record<string, Answer[]> = {};
const calls: { method?: string; url?: string; body?: unknown }[] = [];
const originalAdapter = api.defaults.adapter;

const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
  calls.push({ method: config.method, url: config.url, body: config.data ? JSON.parse(config.data) : undefined });
  const queue = answers[`${config.method} ${config.url}`] ?? [];
  const answer = await (queue.length > 1 ? queue.shift()! : queue[0]);
  if (!answer) throw new Error(`unexpected call ${config.method} ${config.url}`);
  if (answer === 'unreachable') throw new AxiosError('Network Error', 'ERR_NETWORK', config);
  const response = { data: answer.data, status: answer.status, statusText: '', headers: {}, config };
  if (answer.status >= 400) throw new AxiosError('failed', String(answer.status), config, null, response);
  return response;
};

const STATUS_URL = 'get /api/auth/instructor-application-status';
const APPLY_URL = 'post /api/auth/apply-instructor';

function status(changes: Partial<ApplicationStatusReply>): { status: number; data: ApplicationStatusReply } {
  return {
    status: 200,
    data: {
      success: true,
      applicationStatus: 'none',
      canApply: true,
      wantsToBeInstructor: false,
      resubmissionAllowed: true,
      rejectionReason: null,
      ...changes,
    },
  };
}

function renderCard(role: Role = 'Student') {
  session.role = role;
  const onApplied = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <InstructorApplicationCard onApplied={onApplied} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { onApplied };
}

const card = () => screen.getByTestId('instructor-card');

beforeEach(() => {
  for (const key of Object.keys(answers)) delete answers[key];
  calls.length = 0;
  api.defaults.adapter = adapter;
});
afterEach(() => {
  cleanup();
  api.defaults.adapter = originalAdapter;
});

describe("the 'Become an Instructor' card (SPEC 2, 4)", () => {
  it.each(['Instructor', 'Admin'] as const)('is not shown to an %s, and asks the server nothing', async (role) => {
    answers[STATUS_URL] = [status({})];
    renderCard(role);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByTestId('instructor-card')).toBeNull();
    expect(calls).toEqual([]);
  });

  it("shows 'Apply as Instructor' and Apply Now to a Student who can apply", async () => {
    answers[STATUS_URL] = [status({})];
    renderCard();
    expect(await within(card()).findByText('Apply as Instructor')).toBeTruthy();
    expect(within(card()).getByRole('heading', { name: 'Become an Instructor' })).toBeTruthy();
    expect(within(card()).getByRole('button', { name: 'Apply Now' })).toBeTruthy();
  });

  it("shows 'Under Review' with the 24 to 48 hours note while pending, also from the role alone", async () => {
    answers[STATUS_URL] = [status({ applicationStatus: 'pending', canApply: false })];
    renderCard();
    expect(await within(card()).findByText('Under Review')).toBeTruthy();
    expect(card().textContent).toContain('24 to 48 hours');
    expect(within(card()).queryByRole('button', { name: 'Apply Now' })).toBeNull();
    cleanup();

    answers[STATUS_URL] = ['unreachable'];
    renderCard('pending_instructor');
    expect(within(card()).getByText('Under Review')).toBeTruthy();
  });

  it("shows 'Not Approved' with the reason when the user may not apply again yet", async () => {
    answers[STATUS_URL] = [
      status({ applicationStatus: 'rejected', canApply: false, rejectionReason: 'Add a portfolio first.' }),
    ];
    renderCard();
    expect(await within(card()).findByText('Not Approved')).toBeTruthy();
    expect(card().textContent).toContain('Add a portfolio first.');
    expect(within(card()).queryByRole('button', { name: 'Apply Now' })).toBeNull();
  });

  it('offers to apply again after a rejection that allows resubmission, quoting the reason', async () => {
    answers[STATUS_URL] = [status({ applicationStatus: 'rejected', canApply: true, rejectionReason: 'Too short.' })];
    renderCard();
    expect(await within(card()).findByText('Apply as Instructor')).toBeTruthy();
    expect(card().textContent).toContain('Not Approved');
    expect(card().textContent).toContain('Too short.');
    expect(within(card()).getByRole('button', { name: 'Apply Now' })).toBeTruthy();
  });

  it("shows 'Application Permanently Declined' with a contact-support link to /contact", async () => {
    answers[STATUS_URL] = [
      status({ applicationStatus: 'rejected', canApply: false, resubmissionAllowed: false, rejectionReason: 'No.' }),
    ];
    renderCard();
    expect(await within(card()).findByText('Application Permanently Declined')).toBeTruthy();
    expect(within(card()).getByRole('link', { name: 'contact support' }).getAttribute('href')).toBe('/contact');
  });

  it('says applications are not available otherwise', async () => {
    answers[STATUS_URL] = [status({ canApply: false })];
    renderCard();
    expect(
      await within(card()).findByText('Instructor applications are currently not available for your account.'),
    ).toBeTruthy();
  });

  it("shows 'Error loading application status: {detail}' in red when the status cannot be read", async () => {
    answers[STATUS_URL] = [{ status: 500, data: { success: false, error: 'Database unavailable' } }];
    renderCard();
    const message = await within(card()).findByRole('alert');
    expect(message.textContent).toBe('Error loading application status: Database unavailable');
    expect(message.dataset.tone).toBe('error');
    answers[STATUS_URL] = [status({})];
    fireEvent.click(within(card()).getByRole('button', { name: 'Try again' }));
    expect(await within(card()).findByText('Apply as Instructor')).toBeTruthy();
  });
});

describe('the Apply Now modal (SPEC 4, 8)', () => {
  async function openModal() {
    fireEvent.click(await within(card()).findByRole('button', { name: 'Apply Now' }));
    return screen.getByRole('dialog');
  }

  it("closes on its close button and on the form's own Cancel", async () => {
    answers[STATUS_URL] = [status({})];
    renderCard();
    let dialog = await openModal();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    dialog = await openModal();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('checks fields before sending: a bad link is marked and nothing is sent', async () => {
    answers[STATUS_URL] = [status({})];
    renderCard();
    const dialog = await openModal();
    fireEvent.change(within(dialog).getByLabelText('Link 2'), { target: { value: 'not a link' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Application' }));
    expect(await within(dialog).findByText('Links must start with http:// or https://')).toBeTruthy();
    expect(within(dialog).getByLabelText('Link 2').getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((call) => call.method === 'post')).toEqual([]);
  });

  it("sends the form, shows 'Submitting Application...', then the server's message; 2 s later tells the dashboard and closes", async () => {
    answers[STATUS_URL] = [status({}), status({ applicationStatus: 'pending', canApply: false })];
    let answer!: (value: { status: number; data: unknown }) => void;
    answers[APPLY_URL] = [new Promise((resolve) => (answer = resolve))];
    const { onApplied } = renderCard();
    const dialog = await openModal();
    fireEvent.change(within(dialog).getByLabelText('Short bio (optional)'), { target: { value: 'I teach SQL.' } });
    fireEvent.change(within(dialog).getByLabelText('Areas of expertise (optional)'), {
      target: { value: 'SQL, Postgres' },
    });
    fireEvent.change(within(dialog).getByLabelText('Years of experience (optional)'), { target: { value: '4' } });
    fireEvent.change(within(dialog).getByLabelText('Link 1'), { target: { value: 'https://ada.dev' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Application' }));

    expect(await within(dialog).findByRole('button', { name: 'Submitting Application...' })).toBeTruthy();
    expect(calls.at(-1)).toEqual({
      method: 'post',
      url: '/api/auth/apply-instructor',
      body: { bio: 'I teach SQL.', expertise: ['SQL', 'Postgres'], yearsOfExperience: 4, links: ['https://ada.dev'] },
    });
    const message = 'Your instructor application has been submitted. Review usually takes 24 to 48 hours.';
    answer({ status: 201, data: { success: true, message, status: 'pending', applicationDate: '2026-11-24' } });

    const shown = await within(dialog).findByRole('status');
    expect(shown.textContent).toBe(message);
    expect(shown.dataset.tone).toBe('success');
    // The status is read again at once: the card behind the modal already says Under Review.
    expect(await within(card()).findByText('Under Review')).toBeTruthy();
    expect(onApplied).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 3500 });
    expect(onApplied).toHaveBeenCalledTimes(1);
  });

  it("says 'Resubmitting Application...' when applying again after a rejection", async () => {
    answers[STATUS_URL] = [status({ applicationStatus: 'rejected', canApply: true })];
    answers[APPLY_URL] = [new Promise(() => {})];
    renderCard();
    const dialog = await openModal();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resubmit Application' }));
    expect(await within(dialog).findByRole('button', { name: 'Resubmitting Application...' })).toBeTruthy();
  });

  it.each([
    [
      'the server error',
      { status: 409, data: { success: false, error: 'You already have a pending application' } },
      'You already have a pending application',
    ],
    ['the refusal fallback', { status: 500, data: {} }, 'Failed to submit instructor application'],
    ['the no-reply fallback', 'unreachable' as const, 'Error submitting application'],
  ])('shows %s in red when the application fails', async (_name, failure, text) => {
    answers[STATUS_URL] = [status({})];
    answers[APPLY_URL] = [failure];
    const { onApplied } = renderCard();
    const dialog = await openModal();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Application' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(text);
    expect(alert.dataset.tone).toBe('error');
    expect(within(dialog).getByRole('button', { name: 'Submit Application' })).toBeTruthy();
    expect(onApplied).not.toHaveBeenCalled();
  });
});
