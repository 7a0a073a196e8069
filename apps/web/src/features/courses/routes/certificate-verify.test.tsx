import type { CertificateVerification } from '@learnbuild/domain/schemas/certificates';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { AxiosError, AxiosHeaders } from 'axios';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CertificateVerifyPage } from './certificate-verify';

const apiGet = vi.hoisted(() => vi.fn());
vi.mock('@/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api-client')>()),
  api: { get: apiGet },
}));

const VALID: CertificateVerification = {
  code: '7K3M-Q9TX-2BRD',
  learnerName: 'Grace Learner',
  courseTitle: 'Web Accessibility in Practice',
  instructorName: 'Ada Teacher',
  issuedAt: '2026-03-14T10:00:00.000Z',
  revoked: false,
  revokedAt: null,
  revokedReason: null,
};

function failWith(status: number, error: string) {
  const response = { status, data: { success: false, error }, statusText: '', headers: {}, config: {} };
  return new AxiosError(error, 'ERR_BAD_REQUEST', { headers: new AxiosHeaders() }, null, response as never);
}

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/certificates/verify" element={<CertificateVerifyPage />} />
          <Route path="/certificates/verify/:certificateCode" element={<CertificateVerifyPage />} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  apiGet.mockReset();
});
afterEach(cleanup);

describe('CertificateVerifyPage', () => {
  it("shows a valid certificate's learner, course, date and instructor", async () => {
    apiGet.mockResolvedValue({ data: { success: true, certificate: VALID } });
    renderAt('/certificates/verify/7K3M-Q9TX-2BRD');
    expect(await screen.findByRole('heading', { level: 2, name: 'Valid certificate' })).toBeTruthy();
    expect(apiGet).toHaveBeenCalledWith('/api/certificates/verify/7K3M-Q9TX-2BRD');
    expect(screen.getByTestId('verify-learner').textContent).toBe('Grace Learner');
    expect(screen.getByTestId('verify-course').textContent).toBe('Web Accessibility in Practice');
    expect(screen.getByTestId('verify-instructor').textContent).toBe('Ada Teacher');
    expect(screen.getByTestId('verify-issued').querySelector('time')?.getAttribute('dateTime')).toBe(VALID.issuedAt);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Verify a certificate');
    // The form holds the code from the address, for a second look.
    expect((screen.getByLabelText('Certificate code') as HTMLInputElement).value).toBe('7K3M-Q9TX-2BRD');
  });

  it('says a revoked certificate was revoked, with the date and the reason', async () => {
    apiGet.mockResolvedValue({
      data: {
        success: true,
        certificate: {
          ...VALID,
          revoked: true,
          revokedAt: '2026-04-02T09:00:00.000Z',
          revokedReason: 'Exam answers were copied',
        },
      },
    });
    renderAt('/certificates/verify/7K3M-Q9TX-2BRD');
    expect(await screen.findByRole('heading', { level: 2, name: 'Revoked certificate' })).toBeTruthy();
    const notice = screen.getByTestId('certificate-revoked');
    expect(notice.textContent).toContain('LearnBuild revoked this certificate on');
    expect(notice.textContent).toContain('Reason: Exam answers were copied');
    expect(notice.querySelector('time')?.getAttribute('dateTime')).toBe('2026-04-02T09:00:00.000Z');
    expect(screen.queryByRole('heading', { name: 'Valid certificate' })).toBeNull();
    expect(screen.getByTestId('verify-learner').textContent).toBe('Grace Learner');
  });

  it('says "Certificate not found" for an unknown code', async () => {
    apiGet.mockRejectedValue(failWith(404, 'Certificate not found'));
    renderAt('/certificates/verify/ZZZZ-ZZZZ-ZZZZ');
    expect(await screen.findByRole('heading', { level: 2, name: 'Certificate not found' })).toBeTruthy();
    expect(screen.getByTestId('certificate-not-found').textContent).toContain(
      'LearnBuild has not issued a certificate with the code ZZZZ-ZZZZ-ZZZZ.',
    );
  });

  it('says a malformed code in the address is not a certificate code', async () => {
    apiGet.mockRejectedValue(failWith(400, 'A certificate code has 12 letters and digits'));
    renderAt('/certificates/verify/hello');
    expect(await screen.findByRole('heading', { level: 2, name: 'Certificate not found' })).toBeTruthy();
    expect(screen.getByTestId('certificate-not-found').textContent).toContain('"hello" is not a certificate code.');
  });

  it('offers a retry when the check itself fails', async () => {
    apiGet.mockRejectedValue(failWith(503, 'Down'));
    renderAt('/certificates/verify/7K3M-Q9TX-2BRD');
    expect(await screen.findByText('Could not check this certificate')).toBeTruthy();
  });

  it('checks a typed code before asking: empty and malformed codes get an error under the field', async () => {
    renderAt('/certificates/verify');
    expect(screen.queryByRole('heading', { level: 2 })).toBeNull();
    const field = screen.getByLabelText('Certificate code');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Enter the code printed on the certificate')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(field, { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('A certificate code has 12 letters and digits, like 7K3M-Q9TX-2BRD')).toBeTruthy();
    expect(apiGet).not.toHaveBeenCalled();
  });

  it('opens the result page for a typed code in the printed form, however it was typed', async () => {
    apiGet.mockResolvedValue({ data: { success: true, certificate: VALID } });
    renderAt('/certificates/verify');
    fireEvent.change(screen.getByLabelText('Certificate code'), { target: { value: ' 7k3m q9tx 2brd ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    const heading = await screen.findByRole('heading', { level: 2, name: 'Valid certificate' });
    expect(screen.getByTestId('where').textContent).toBe('/certificates/verify/7K3M-Q9TX-2BRD');
    // The answer is read next: focus moves to its heading.
    expect(document.activeElement).toBe(heading);
  });
});
