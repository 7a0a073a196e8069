import type { OutgoingMail } from '../../mail/outbox';
import { escapeHtml, layout } from '../auth/mails';

export function approvalMail(to: string, name: string, dashboardUrl: string): OutgoingMail {
  return {
    to,
    subject: 'Your LearnBuild instructor application was approved',
    text: `Hi ${name},\n\nGood news: your instructor application was approved. You are now an Instructor on LearnBuild and can create courses from your dashboard: ${dashboardUrl}\n`,
    html: layout(
      'You are now an Instructor',
      [
        `Hi ${escapeHtml(name)},`,
        'Good news: your instructor application was approved. You can now create courses and open the Instructor Panel.',
      ],
      { label: 'Open your dashboard', url: dashboardUrl },
    ),
  };
}

export function rejectionMail(
  to: string,
  name: string,
  reason: string,
  resubmissionAllowed: boolean,
  links: { dashboardUrl: string; supportUrl: string },
): OutgoingMail {
  const next = resubmissionAllowed
    ? 'You may apply again from your dashboard once you have addressed the reason above.'
    : 'This decision is final: the application cannot be resubmitted. If you think this is a mistake, contact support.';
  const action = resubmissionAllowed
    ? { label: 'Open your dashboard', url: links.dashboardUrl }
    : { label: 'Contact support', url: links.supportUrl };
  return {
    to,
    subject: 'Your LearnBuild instructor application was not approved',
    text: `Hi ${name},\n\nYour instructor application was not approved.\n\nReason: ${reason}\n\n${next}\n${action.label}: ${action.url}\n`,
    html: layout(
      'Application not approved',
      [
        `Hi ${escapeHtml(name)},`,
        'Your instructor application was not approved.',
        `<strong>Reason:</strong> ${escapeHtml(reason)}`,
        escapeHtml(next),
      ],
      action,
    ),
  };
}
