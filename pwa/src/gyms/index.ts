// What other folders use from gyms/ (decision 187); app.tsx loads its pages lazily by their own files.
export { bookingErrorWithReason } from './booking-errors.ts';
export { checkoutDestination } from './checkout-destination.ts';
