import { isOptionalMailCategory, MAIL_CATEGORY_TEXT, type MailCategory } from '@mastr/rules/mail-categories.ts';
import type { MailMessage } from './mailer.ts';
import type { MailRecipient } from './recipients.ts';

/**
 * One mail's content, written once and laid out twice: an HTML part (a single centred column with
 * inline styles, since mail clients drop stylesheets) and a plain-text part with each link alone on
 * its line (clients make it clickable and never wrap it). Every value is escaped in the HTML: names
 * come from other accounts and must never become markup.
 */
export interface MailContent {
  subject: string;
  /** The first line, e.g. 'Hello Sam,'. */
  greeting: string;
  paragraphs: string[];
  /** Labelled facts shown as a table: [['Gym', 'Apex Boxing'], ['Amount', '£12.00']]. */
  details?: [label: string, value: string][];
  /** The page the mail is about. */
  action?: { label: string; url: string };
  /** An image shown after the details, attached inline (an entry code's QR). */
  /** An image after the details, attached inline: a PNG, or a QR code drawn from `qrText` at delivery. */
  image?: { cid: string; alt: string } & ({ png: Buffer } | { qrText: string });
  /** Lines after the action, before the footer (what happens next, the refund's timing). */
  closing?: string[];
  icalEvent?: MailMessage['icalEvent'];
}

const SIGNATURE = ['The Mastr team', 'Mastr your game.'];
const BRAND = '#b3261e';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Why this person got this mail, and for an optional category how to stop it. */
function footerLines(recipient: MailRecipient, category: MailCategory): string[] {
  if (!isOptionalMailCategory(category))
    return ['This email is about your Mastr account or a booking, so it is sent whatever your email choices.'];
  const label = MAIL_CATEGORY_TEXT[category].label.toLowerCase();
  return [
    `You get this email because ${label} are on for your Mastr account.`,
    `Turn them off: ${recipient.unsubscribeUrl}`,
    `All your email choices: ${recipient.preferencesUrl}`,
  ];
}

function textPart(content: MailContent, footer: string[]): string {
  const lines = [content.greeting, '', ...content.paragraphs.flatMap((p) => [p, ''])];
  if (content.details?.length) lines.push(...content.details.map(([label, value]) => `${label}: ${value}`), '');
  if (content.action) lines.push(`${content.action.label}:`, '', content.action.url, '');
  if (content.closing?.length) lines.push(...content.closing.flatMap((p) => [p, '']));
  lines.push(...SIGNATURE, '', '--', ...footer);
  return lines.join('\n');
}

function htmlPart(content: MailContent, footer: string[]): string {
  const p = (text: string) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(text)}</p>`;
  const details = content.details?.length
    ? `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">${content.details
        .map(
          ([label, value]) =>
            `<tr><td style="padding:4px 16px 4px 0;color:#555">${escapeHtml(label)}</td><td style="padding:4px 0;font-weight:bold">${escapeHtml(value)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const image = content.image
    ? `<p style="margin:0 0 16px"><img src="cid:${escapeHtml(content.image.cid)}" alt="${escapeHtml(content.image.alt)}" width="200" height="200" style="display:block"></p>`
    : '';
  const action = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:${BRAND};color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(content.action.label)}</a></p>`
    : '';
  // Links in the footer stay readable as text and clickable.
  const linkify = (line: string) =>
    escapeHtml(line).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}" style="color:#555">${url}</a>`);
  return [
    '<!doctype html><html lang="en-GB"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    `<title>${escapeHtml(content.subject)}</title></head>`,
    '<body style="margin:0;background:#f4f4f4;font-family:Arial,Helvetica,sans-serif;color:#222">',
    '<div style="max-width:560px;margin:0 auto;padding:24px 16px">',
    `<p style="margin:0 0 24px;font-size:22px;font-weight:bold;color:${BRAND}">Mastr</p>`,
    '<div style="background:#fff;border-radius:8px;padding:24px">',
    p(content.greeting),
    ...content.paragraphs.map(p),
    details,
    image,
    action,
    ...(content.closing ?? []).map(p),
    `<p style="margin:24px 0 0;line-height:1.5">${SIGNATURE.map(escapeHtml).join('<br>')}</p>`,
    '</div>',
    `<p style="margin:16px 0 0;font-size:12px;line-height:1.5;color:#555">${footer.map(linkify).join('<br>')}</p>`,
    '</div></body></html>',
  ].join('\n');
}

/** The finished message for one recipient: both parts, the inline image, the calendar event and, for an optional category, RFC 8058's one-click unsubscribe headers. */
export function composeMail(recipient: MailRecipient, category: MailCategory, content: MailContent): MailMessage {
  const footer = footerLines(recipient, category);
  const message: MailMessage = {
    to: recipient.email,
    subject: content.subject,
    text: textPart(content, footer),
    html: htmlPart(content, footer),
  };
  if (content.image)
    message.attachments = [
      {
        filename: `${content.image.cid}.png`,
        contentType: 'image/png',
        ...('png' in content.image
          ? { content: content.image.png.toString('base64') }
          : { qrText: content.image.qrText }),
        cid: content.image.cid,
      },
    ];
  if (content.icalEvent) message.icalEvent = content.icalEvent;
  if (isOptionalMailCategory(category) && recipient.unsubscribeUrl)
    message.headers = {
      'List-Unsubscribe': `<${recipient.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    };
  return message;
}
