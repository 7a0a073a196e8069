import type { OutgoingMail } from '../../mail/outbox';
import { escapeHtml, layout } from '../auth/mails';

const EXCERPT_LENGTH = 300;

/** One line of plain text: a title in a subject line never breaks the header. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

function excerpt(body: string): string {
  const flat = oneLine(body);
  return flat.length > EXCERPT_LENGTH ? `${flat.slice(0, EXCERPT_LENGTH - 1)}…` : flat;
}

/** The thread author's mail about a new reply; the markdown is shown as text, never as HTML. */
export function replyMail(options: {
  to: string;
  name: string;
  replierName: string;
  threadTitle: string;
  replyBody: string;
  threadUrl: string;
  settingsUrl: string;
  unsubscribe: { url: string; headers: Record<string, string> };
}): OutgoingMail {
  const title = oneLine(options.threadTitle);
  const quote = excerpt(options.replyBody);
  return {
    to: options.to,
    subject: `New reply to "${title}"`,
    text:
      `Hi ${options.name},\n\n${options.replierName} replied to your thread "${title}":\n\n${quote}\n\n` +
      `Read and answer it here: ${options.threadUrl}\n\n` +
      `You get these mails because you started the thread. Turn them off in your profile: ${options.settingsUrl}\n` +
      `Unsubscribe from mails about replies: ${options.unsubscribe.url}\n`,
    html: layout(
      'New reply to your thread',
      [
        `Hi ${escapeHtml(options.name)},`,
        `${escapeHtml(options.replierName)} replied to your thread <strong>${escapeHtml(title)}</strong>:`,
        `<span style="display:block;border-left:3px solid #cbd5e1;padding-left:12px;color:#334155">${escapeHtml(quote)}</span>`,
        `You get these mails because you started the thread. <a href="${escapeHtml(options.settingsUrl)}">Turn them off in your profile</a> or <a href="${escapeHtml(options.unsubscribe.url)}">unsubscribe from mails about replies</a>.`,
      ],
      { label: 'Open the thread', url: options.threadUrl },
    ),
    headers: options.unsubscribe.headers,
  };
}
