import { ADMIN_PAGE_SIZE, type AdminApplication } from '@learnbuild/domain/schemas/admin';
import {
  APPLICATION_RESUBMITTED_MESSAGE,
  APPLICATION_SUBMITTED_MESSAGE,
  type ApplicationStatusReply,
  type ApplyInstructorInput,
  type StoredApplicationStatus,
} from '@learnbuild/domain/schemas/instructor-applications';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { conflict, forbidden, notFound, unauthorized } from '../../lib/http-errors';
import { pageWindow } from '../../lib/page-window';
import { enqueueMail } from '../../mail/outbox';
import { insertAuditEntry } from '../admin/queries';
import { findApplicationOfUser, findUserById } from '../auth/queries';
import { notifyAdminsOfApplication, notifyApplicationDecided } from '../notifications/event-notifications';
import { approvalMail, rejectionMail } from './mails';
import * as q from './queries';

export interface ApplicationsContext {
  db: Db;
  config: Config;
}

export const ALREADY_INSTRUCTOR_MESSAGE = 'You already have instructor access, so there is nothing to apply for.';
export const ALREADY_PENDING_MESSAGE =
  'Your instructor application is already under review. Review usually takes 24 to 48 hours.';
export const FINAL_REJECTION_MESSAGE =
  'Your instructor application was declined and cannot be resubmitted. Please contact support if you think this is a mistake.';
export const APPLICATION_NOT_FOUND_MESSAGE = 'Instructor application not found';

/**
 * Who may apply: a Student with no application, with an approved one whose role an admin later
 * took back, or with a rejection that allows resubmission. Never an Instructor or Admin.
 */
function mayApply(role: string, application: q.ApplicationRow | undefined): boolean {
  if (role !== 'Student') return false;
  if (!application || application.status === 'approved') return true;
  return application.status === 'rejected' && application.resubmissionAllowed;
}

export async function applicationStatus(
  ctx: ApplicationsContext,
  userId: string,
): Promise<Omit<ApplicationStatusReply, 'success'>> {
  const [user, application] = await Promise.all([findUserById(ctx.db, userId), findApplicationOfUser(ctx.db, userId)]);
  if (!user) throw unauthorized();
  return {
    applicationStatus: application?.status ?? 'none',
    canApply: mayApply(user.role, application),
    wantsToBeInstructor: user.wantsToBeInstructor,
    resubmissionAllowed: application?.resubmissionAllowed ?? true,
    rejectionReason: application?.status === 'rejected' ? application.rejectionReason : null,
  };
}

export async function applyForInstructor(
  ctx: ApplicationsContext,
  userId: string,
  body: ApplyInstructorInput,
  now = new Date(),
): Promise<{ message: string; applicationDate: string }> {
  return ctx.db.transaction(async (tx) => {
    const user = await q.lockApplicant(tx, userId);
    if (!user) throw unauthorized();
    if (user.role === 'Instructor' || user.role === 'Admin') throw forbidden(ALREADY_INSTRUCTOR_MESSAGE);
    const previous = await findApplicationOfUser(tx, userId);
    if (previous?.status === 'pending') throw conflict(ALREADY_PENDING_MESSAGE);
    if (previous?.status === 'rejected' && !previous.resubmissionAllowed) throw forbidden(FINAL_REJECTION_MESSAGE);
    // A field left out of a resubmission keeps what the applicant wrote last time.
    const saved = await q.savePendingApplication(
      tx,
      userId,
      {
        bio: body.bio || (previous?.bio ?? null),
        expertise: body.expertise ?? previous?.expertise ?? [],
        yearsOfExperience: body.yearsOfExperience ?? previous?.yearsOfExperience ?? null,
        links: body.links ?? previous?.links ?? [],
      },
      now,
    );
    await q.setUserRole(tx, userId, 'pending_instructor');
    if (!user.wantsToBeInstructor) await q.markWantsToBeInstructor(tx, userId);
    await notifyAdminsOfApplication(tx, { id: saved.id, applicantId: userId, requestedAt: saved.requestedAt });
    return {
      message: previous ? APPLICATION_RESUBMITTED_MESSAGE : APPLICATION_SUBMITTED_MESSAGE,
      applicationDate: saved.requestedAt.toISOString(),
    };
  });
}

export function toAdminApplication(row: q.ApplicationWithUser): AdminApplication {
  return {
    id: row.id,
    status: row.status,
    requestDate: row.requestedAt.toISOString(),
    decidedAt: row.reviewedAt?.toISOString() ?? null,
    bio: row.bio,
    expertise: row.expertise,
    yearsOfExperience: row.yearsOfExperience,
    links: row.links,
    rejectionReason: row.rejectionReason,
    resubmissionAllowed: row.resubmissionAllowed,
    user: { id: row.userId, name: row.userName, email: row.userEmail },
  };
}

export async function listApplicationsForAdmin(
  ctx: ApplicationsContext,
  query: { status?: StoredApplicationStatus; q?: string; page: number },
) {
  const { rows, total } = await q.listApplications(ctx.db, {
    status: query.status,
    q: query.q,
    ...pageWindow(query.page, ADMIN_PAGE_SIZE),
  });
  return { applications: rows.map(toAdminApplication), total };
}

/**
 * Approves or rejects a pending application: the status, the applicant's role, the audit entry and
 * the applicant's mail commit together or not at all. Deciding twice is a 409.
 */
export async function decideApplication(
  ctx: ApplicationsContext,
  reviewerId: string,
  applicationId: string,
  decision: q.Decision,
  now = new Date(),
): Promise<AdminApplication> {
  return ctx.db.transaction(async (tx) => {
    const decided = await q.decidePendingApplication(tx, applicationId, reviewerId, decision, now);
    if (!decided) {
      const status = await q.findApplicationStatus(tx, applicationId);
      if (!status) throw notFound(APPLICATION_NOT_FOUND_MESSAGE);
      throw conflict(`This application has already been ${status === 'pending' ? 'decided' : status}`);
    }
    const applicant = await q.lockApplicant(tx, decided.userId);
    if (!applicant) throw notFound(APPLICATION_NOT_FOUND_MESSAGE);
    // An admin who changed the role by hand in the meantime is not overruled: approval only promotes
    // a learner, rejection only takes back the waiting role.
    const changed =
      decision.status === 'approved'
        ? await q.setUserRole(tx, applicant.id, 'Instructor', ['Student', 'pending_instructor'])
        : await q.setUserRole(tx, applicant.id, 'Student', ['pending_instructor']);
    await notifyApplicationDecided(tx, {
      applicationId,
      applicantId: applicant.id,
      reviewerId,
      approved: decision.status === 'approved',
      decidedAt: decided.reviewedAt ?? now,
    });
    await insertAuditEntry(tx, {
      actorId: reviewerId,
      action: decision.status === 'approved' ? 'application.approved' : 'application.rejected',
      targetUserId: applicant.id,
      reason: decision.status === 'rejected' ? decision.reason : null,
      details: {
        applicationId,
        roleFrom: applicant.role,
        roleTo: changed?.role ?? applicant.role,
        ...(decision.status === 'rejected' ? { resubmissionAllowed: decision.resubmissionAllowed } : {}),
      },
    });
    const dashboardUrl = `${ctx.config.publicUrl}/dashboard`;
    await enqueueMail(
      tx,
      decision.status === 'approved'
        ? approvalMail(applicant.email, applicant.name, dashboardUrl)
        : rejectionMail(applicant.email, applicant.name, decision.reason, decision.resubmissionAllowed, {
            dashboardUrl,
            supportUrl: `${ctx.config.publicUrl}/contact`,
          }),
    );
    const row = await q.findApplicationWithUser(tx, applicationId);
    return toAdminApplication(row!);
  });
}
