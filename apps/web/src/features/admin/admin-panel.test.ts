import type { AuditEntry } from '@learnbuild/domain/schemas/admin';
import { describe, expect, it } from 'vitest';
import { auditSummary, auditThread } from './components/audit-log-tab';
import { readAdminParams } from './use-admin-params';

const read = (query: string) => readAdminParams(new URLSearchParams(query));

describe('the Admin Panel address', () => {
  it('opens on all applications, page 1, when the address says nothing', () => {
    expect(read('')).toEqual({
      tab: 'applications',
      status: 'all',
      reportStatus: 'open',
      role: undefined,
      q: undefined,
      page: 1,
    });
  });

  it('reads the tab, status, role, search and page it was left on', () => {
    expect(read('tab=users&role=Instructor&q=%20ada%20&page=3')).toEqual({
      tab: 'users',
      status: 'all',
      reportStatus: 'open',
      role: 'Instructor',
      q: 'ada',
      page: 3,
    });
    expect(read('status=rejected').status).toBe('rejected');
    expect(read('tab=audit&page=2')).toMatchObject({ tab: 'audit', page: 2 });
    expect(read('tab=reports&status=dismissed')).toMatchObject({ tab: 'reports', reportStatus: 'dismissed' });
  });

  it('ignores values it does not know instead of sending them to the server', () => {
    expect(read('tab=secret&status=maybe&role=Root&page=-4')).toEqual({
      tab: 'applications',
      status: 'all',
      reportStatus: 'open',
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

  it('says when community moderation came from a report and closed several', () => {
    expect(auditSummary(entry('community.reply_hidden', { reportId: 'r-1', wasAcceptedAnswer: true }))).toBe(
      'from a report, it was the accepted answer',
    );
    expect(auditSummary(entry('community.report_dismissed', { reportId: 'r-1', reportsClosed: 3 }))).toBe(
      'from a report, 3 reports closed',
    );
  });

  it('links a moderation entry to its thread, at the reply when it names one', () => {
    expect(auditThread(entry('community.thread_locked', { threadId: 't-1', title: 'Heaps' }))).toEqual({
      href: '/community/t-1',
      title: 'Heaps',
    });
    expect(
      auditThread(entry('community.reply_hidden', { threadId: 't-1', replyId: 'r-9', threadTitle: 'Heaps' })),
    ).toEqual({ href: '/community/t-1#reply-r-9', title: 'Heaps' });
    expect(auditThread(entry('user.role_changed', { from: 'Student', to: 'Admin' }))).toBeNull();
  });

  it('has nothing to add when the details say nothing it knows', () => {
    expect(auditSummary(entry('application.approved', {}))).toBeNull();
  });
});
