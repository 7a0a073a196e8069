import type { OutgoingMail } from '../../mail/outbox';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function layout(title: string, paragraphs: string[], action?: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${p}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#4f46e5;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>`
    : '';
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;max-width:560px;margin:0 auto;padding:24px"><h1 style="font-size:20px">${escapeHtml(title)}</h1>${body}${button}<p style="color:#64748b;font-size:12px">LearnBuild: learn, build, earn</p></body></html>`;
}

export function verificationMail(to: string, name: string, otp: string, link: string): OutgoingMail {
  return {
    to,
    subject: `Your LearnBuild verification code: ${otp}`,
    text: `Hi ${name},\n\nYour verification code is ${otp}. It is valid for 10 minutes.\n\nOr open this link to verify your email: ${link}\n\nIf you did not sign up for LearnBuild, ignore this mail.\n`,
    html: layout(
      'Verify your email',
      [
        `Hi ${escapeHtml(name)},`,
        `Your verification code is <strong style="font-size:24px;letter-spacing:4px">${otp}</strong>. It is valid for 10 minutes.`,
        'Or use the button below to verify your email in one click.',
      ],
      { label: 'Verify email', url: link },
    ),
  };
}

export function resetMail(to: string, name: string, link: string): OutgoingMail {
  return {
    to,
    subject: 'Reset your LearnBuild password',
    text: `Hi ${name},\n\nOpen this link to choose a new password (valid for 1 hour, usable once): ${link}\n\nIf you did not ask for this, ignore this mail; your password stays the same.\n`,
    html: layout(
      'Reset your password',
      [
        `Hi ${escapeHtml(name)},`,
        'Use the button below to choose a new password. The link is valid for 1 hour and works once.',
        'If you did not ask for this, ignore this mail; your password stays the same.',
      ],
      { label: 'Choose a new password', url: link },
    ),
  };
}

export function alreadyRegisteredMail(to: string, name: string, loginUrl: string, resetUrl: string): OutgoingMail {
  return {
    to,
    subject: 'Someone tried to sign up with your email',
    text: `Hi ${name},\n\nSomeone tried to create a LearnBuild account with this email, which already has one.\nLog in: ${loginUrl}\nForgot your password? ${resetUrl}\n`,
    html: layout(
      'You already have an account',
      [
        `Hi ${escapeHtml(name)},`,
        'Someone tried to create a LearnBuild account with this email, which already has one. If it was you, just log in.',
        `Forgot your password? <a href="${escapeHtml(resetUrl)}">Reset it here</a>.`,
      ],
      { label: 'Log in', url: loginUrl },
    ),
  };
}
