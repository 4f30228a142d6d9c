import Boom from '@hapi/boom';
import Joi from 'joi';
import type { MailPreferencesRequest, UnsubscribeRequest } from '@mastr/rules/api/mail.ts';
import { MAIL_CATEGORY_TEXT, OPTIONAL_MAIL_CATEGORIES } from '@mastr/rules/mail-categories.ts';
import { ACCOUNT_KINDS, KIND_PLURAL } from '@mastr/rules/roles.ts';
import type { Deps } from '../deps.ts';
import { meViewsOf } from '../services/me-views/index.ts';
import {
  feedCalendar,
  accountOfCalendarToken,
  issueCalendarFeedToken,
  revokeCalendarFeedToken,
  changeMailPreferences,
  readMailSettings,
  unsubscribeByToken,
} from '../services/mail/index.ts';
import { credentialsOf, roleAccess } from './auth-strategy.ts';
import { contractPlugin, defineRoute } from './define-route.ts';

/** Longest token either link carries (an unsubscribe token is an id, a category and 43 characters). */
const MAX_TOKEN_LENGTH = 200;
/** Both tokens are base64url and dots; anything else is no link of ours (and is never echoed into a redirect). */
const token = Joi.object({
  token: Joi.string()
    .pattern(/^[A-Za-z0-9._-]+$/)
    .max(MAX_TOKEN_LENGTH)
    .required(),
});

const preferencesBody = Joi.object<MailPreferencesRequest>(
  Object.fromEntries(OPTIONAL_MAIL_CATEGORIES.map((c) => [c, Joi.boolean().strict()])),
)
  .min(1)
  .required();

// RFC 8058 §3.1: the one-click POST's body is exactly this field (form-encoded from a mail client).
const oneClickBody = Joi.object<UnsubscribeRequest>({
  'List-Unsubscribe': Joi.string().valid('One-Click').required(),
}).required();

/**
 * Email choices and the calendar feed (design/mail.md "Choices and unsubscribe", "Calendar feed"):
 * GET/POST /api/me/{plural}/mail, POST /api/me/{plural}/calendar (a new secret link), DELETE (no link),
 * and, with no
 * sign-in, the one-click unsubscribe and GET /api/calendar/{token}.ics.
 */
export const mailSettingsPlugin = contractPlugin('mail-settings', (deps: Deps) => {
  const views = meViewsOf(deps);
  return [
    ...ACCOUNT_KINDS.flatMap((kind) => [
      defineRoute(`GET /api/me/${KIND_PLURAL[kind]}/mail`, {
        options: { auth: roleAccess(kind) },
        async handler(request) {
          const settings = await readMailSettings(deps.couch, credentialsOf(request).UserInfo.profileId);
          if (!settings) throw Boom.unauthorized('Unauthorized');
          return settings;
        },
      }),
      defineRoute(`POST /api/me/${KIND_PLURAL[kind]}/mail`, {
        options: { auth: roleAccess(kind), validate: { payload: preferencesBody } },
        async handler(request) {
          const change = request.payload;
          const settings = await changeMailPreferences(deps.couch, credentialsOf(request).UserInfo.profileId, change);
          if (!settings) throw Boom.unauthorized('Unauthorized');
          return settings;
        },
      }),
      defineRoute(`POST /api/me/${KIND_PLURAL[kind]}/calendar`, {
        options: { auth: roleAccess(kind) },
        async handler(request) {
          const profileId = credentialsOf(request).UserInfo.profileId;
          const settings = await readMailSettings(deps.couch, profileId);
          if (!settings) throw Boom.unauthorized('Unauthorized');
          const issued = await issueCalendarFeedToken(deps.couch, profileId, deps.now());
          const url = `${deps.config.publicUrl}/api/calendar/${issued.token}.ics`;
          return {
            url,
            webcalUrl: url.replace(/^https?:\/\//, 'webcal://'),
            createdAt: issued.createdAt,
          };
        },
      }),
      defineRoute(`DELETE /api/me/${KIND_PLURAL[kind]}/calendar`, {
        options: { auth: roleAccess(kind) },
        async handler(request) {
          const profileId = credentialsOf(request).UserInfo.profileId;
          if (!(await readMailSettings(deps.couch, profileId))) throw Boom.unauthorized('Unauthorized');
          await revokeCalendarFeedToken(deps.couch, profileId);
          const settings = await readMailSettings(deps.couch, profileId);
          if (!settings) throw Boom.unauthorized('Unauthorized');
          return settings;
        },
      }),
    ]),

    defineRoute('POST /api/mail/unsubscribe/{token}', {
      options: { auth: false, validate: { params: token, payload: oneClickBody } },
      async handler(request) {
        const done = await unsubscribeByToken(
          { couch: deps.couch, secret: deps.config.jwtAccessSecret },
          request.params.token,
        );
        if (!done) throw Boom.notFound('Not Found');
        const label = MAIL_CATEGORY_TEXT[done.category].label;
        return {
          message: `${label} turned off. You can turn them on again on your account page.`,
        };
      },
    }),
    // A browser opening the link (a person clicking it in a mail): the page that says what stops
    // and asks to confirm. A GET never unsubscribes, as link scanners fetch every link in a mail.
    defineRoute('GET /api/mail/unsubscribe/{token}', {
      options: { auth: false, validate: { params: token } },
      handler(request, h) {
        const { token: value } = request.params;
        return h.redirect(`/mail/unsubscribe/${encodeURIComponent(value)}`).code(303);
      },
    }),

    defineRoute('GET /api/calendar/{token}.ics', {
      options: { auth: false, validate: { params: token } },
      async handler(request, h) {
        const account = await accountOfCalendarToken(deps.couch, request.params.token);
        const me = account && (await views.viewOf(account.kind, account.profileId));
        if (!account || !me) throw Boom.notFound('Not Found');
        const body = feedCalendar(account.kind, me, { now: deps.now(), publicUrl: deps.config.publicUrl });
        return (
          h
            .response(body)
            .type('text/calendar; charset=utf-8')
            // Never cached on the way: a revoked link must stop at once, and the feed is private.
            .header('cache-control', 'private, no-store')
            .header('content-disposition', 'inline; filename="mastr.ics"')
        );
      },
    }),
  ];
});
