import type { Plugin } from '@hapi/hapi';
import type { Deps } from '../deps.ts';
import type { ServedKeys } from './define-route.ts';
import type { healthPlugin } from './health.ts';
import { registrationPlugin } from './registration.ts';
import { verificationPlugin } from './verification.ts';
import { passwordResetPlugin } from './password-reset.ts';
import { signInPlugin } from './sign-in.ts';
import { sessionPlugin } from './session.ts';
import { mePlugin } from './me.ts';
import { googleSignInPlugin } from './google-sign-in.ts';
import { syncGatewayPlugin } from './sync-gateway.ts';
import { frontDeskPlugin } from './front-desk.ts';
import { coachAvailabilityPlugin } from './coach-availability.ts';
import { gymSchedulePlugin } from './gym-schedule.ts';
import { publicDirectoryPlugin } from './public-directory.ts';
import { privateSessionRequestsPlugin } from './private-session-requests.ts';
import { checkoutPlugin } from './checkout.ts';
import { stripeConnectPlugin } from './stripe-connect.ts';
import { subscriptionsPlugin } from './subscriptions.ts';
import { stripeWebhookPlugin } from './stripe-webhook.ts';
import { paymentsModePlugin } from './payments-mode.ts';
import { memberCancellationPlugin } from './member-cancellation.ts';
import { mastrClassPlugin } from './mastr-class.ts';
import { deleteAccountPlugin } from './delete-account.ts';
import { accountEditsPlugin } from './account-edits.ts';
import { profileImagesPlugin } from './profile-images.ts';
import { membershipsPlugin } from './memberships.ts';
import { sessionRequestsPlugin } from './session-requests.ts';
import { ptCheckoutPlugin } from './pt-checkout.ts';
import { bookingCancellationPlugin } from './booking-cancellation.ts';
import { auctionPlugin } from './auction.ts';
import { mailSettingsPlugin } from './mail-settings.ts';

/**
 * The /api/* route plugins, registered in this order. Each is thin: it validates with joi and
 * calls a domain service in ../services.
 */
export const apiPlugins = [
  registrationPlugin,
  verificationPlugin,
  passwordResetPlugin,
  signInPlugin,
  sessionPlugin,
  mePlugin,
  googleSignInPlugin,
  syncGatewayPlugin,
  frontDeskPlugin,
  coachAvailabilityPlugin,
  gymSchedulePlugin,
  publicDirectoryPlugin,
  privateSessionRequestsPlugin,
  checkoutPlugin,
  stripeConnectPlugin,
  subscriptionsPlugin,
  stripeWebhookPlugin,
  paymentsModePlugin,
  memberCancellationPlugin,
  mastrClassPlugin,
  deleteAccountPlugin,
  accountEditsPlugin,
  profileImagesPlugin,
  membershipsPlugin,
  sessionRequestsPlugin,
  ptCheckoutPlugin,
  bookingCancellationPlugin,
  auctionPlugin,
  mailSettingsPlugin,
] as const satisfies readonly Plugin<Deps>[];

/**
 * Every route-map key the server serves, added up by the compiler from the contract plugins (health is
 * registered on its own, ahead of the client budgets). The route-map test holds it equal to the map.
 */
export type ServedRouteKey = ServedKeys<(typeof apiPlugins)[number] | typeof healthPlugin>;
