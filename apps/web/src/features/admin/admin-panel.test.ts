import type { AuditEntry } from '@learnbuild/domain/schemas/admin';
import { describe, expect, it } from 'vitest';
import { auditSummary } from './components/audit-log-tab';
import { readAdminParams } from './use-admin-params';

const read = (query: string) => readAdminParams(new URLSearchParams(query));

describe('the Admin Panel address', () => {
  it('opens on all applications, page 1, when the address says nothing', () => {
    expect(read('')).toEqual({ tab: 'applications', status: 'all', role: undefined, q: undefined, page: 1 });
  });

  it('reads the tab, status, role, search and page it was left on', () => {
    expect(read('tab=users&role=Instructor&q=%20ada%20&page=3')).toEqual({
      tab: 'users',
      status: 'all',
      role: 'Instructor',
      q: 'ada',
      page: 3,
    });
    expect(read('status=rejected').status).toBe('rejected');
    expect(read('tab=audit&page=2')).toMatchObject({ tab: 'audit', page: 2 });
  });

  it('ignores values it does not know instead of sending them to the server', () => {
    expect(read('tab=secret&status=maybe&role=Root&page=-4')).toEqual({
      tab: 'applications',
      status: 'all',
      role: undefined,
      q: undefined,
      page: 1,
    });
    expect(read('page=2.5').page).toBe(1);
    expect(read('q=%20%20').q).toBeUndefined();
  });
});

describe('audit log summaries', () => {
  const entry = (action: AuditEntry['action'], details: Record<string, unknown>): AuditEntry => ({
    id: '1',
    action,
    actor: null,
    target: null,
    reason: null,
    details,
    createdAt: '2026-11-24T20:00:00.000Z',
  });

  it('writes a role change as "from → to", naming the waiting role in words', () => {
    expect(auditSummary(entry('user.role_changed', { from: 'Student', to: 'Admin' }))).toBe('Student → Admin');
    expect(auditSummary(entry('application.approved', { roleFrom: 'pending_instructor', roleTo: 'Instructor' }))).toBe(
      'Pending instructor → Instructor',
    );
  });

  it('says whether a rejection allows resubmission', () => {
    expect(
      auditSummary(
        entry('application.rejected', {
          roleFrom: 'pending_instructor',
          roleTo: 'Student',
          resubmissionAllowed: false,
        }),
      ),
    ).toBe('Pending instructor → Student, resubmission not allowed');
    expect(auditSummary(entry('application.rejected', { resubmissionAllowed: true }))).toBe('resubmission allowed');
  });

  it('has nothing to add when the details say nothing it knows', () => {
    expect(auditSummary(entry('application.approved', {}))).toBeNull();
  });
});
