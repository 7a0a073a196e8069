import type { Certificate } from '@learnbuild/domain/schemas/courses';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/ui/toast';
import { CertificateRevocation } from './certificate-revocation';

const api = vi.hoisted(() => ({ post: vi.fn(), delete: vi.fn() }));
vi.mock('@/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api-client')>()),
  api,
}));

const CERTIFICATE: Certificate = {
  id: '5f0c6a7e-4d2b-4b8e-9f61-0a1b2c3d4e5f',
  learnerName: 'Grace Learner',
  courseTitle: 'Web Accessibility in Practice',
  instructorName: 'Ada Teacher',
  courseId: 'c1',
  courseSlug: 'web-accessibility',
  issuedAt: '2026-03-14T10:00:00.000Z',
  code: '7K3M-Q9TX-2BRD',
  revokedAt: null,
  revokedReason: null,
};

function renderWith(certificate: Certificate) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <CertificateRevocation certificate={certificate} />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  api.post.mockReset();
  api.delete.mockReset();
});
afterEach(cleanup);

describe('CertificateRevocation', () => {
  it('asks for a reason before revoking, then sends it trimmed', async () => {
    api.post.mockResolvedValue({ data: { success: true, certificate: { ...CERTIFICATE, revokedAt: 'x' } } });
    renderWith(CERTIFICATE);
    expect(screen.getByRole('heading', { level: 2, name: 'Revocation' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Revoke certificate' }));
    expect(screen.getByText('Give a reason for revoking the certificate')).toBeTruthy();
    expect(screen.getByLabelText('Reason for revoking').getAttribute('aria-invalid')).toBe('true');
    expect(api.post).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Reason for revoking'), { target: { value: '  Copied answers ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Revoke certificate' }));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith(`/api/admin/certificates/${CERTIFICATE.id}/revoke`, {
        reason: 'Copied answers',
      }),
    );
  });

  it("shows the server's refusal under the field", async () => {
    const { AxiosError, AxiosHeaders } = await import('axios');
    const response = { status: 409, data: { success: false, error: 'This certificate is already revoked' } };
    api.post.mockRejectedValue(new AxiosError('x', 'ERR', { headers: new AxiosHeaders() }, null, response as never));
    renderWith(CERTIFICATE);
    fireEvent.change(screen.getByLabelText('Reason for revoking'), { target: { value: 'Copied answers' } });
    fireEvent.click(screen.getByRole('button', { name: 'Revoke certificate' }));
    expect(await screen.findByText('This certificate is already revoked')).toBeTruthy();
  });

  it('offers to restore a revoked certificate', async () => {
    api.delete.mockResolvedValue({ data: { success: true, certificate: CERTIFICATE } });
    renderWith({ ...CERTIFICATE, revokedAt: '2026-04-02T09:00:00.000Z', revokedReason: 'Copied answers' });
    expect(screen.queryByLabelText('Reason for revoking')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Restore certificate' }));
    await waitFor(() => expect(api.delete).toHaveBeenCalledWith(`/api/admin/certificates/${CERTIFICATE.id}/revoke`));
  });
});
