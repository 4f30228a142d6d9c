// The refunds domain's public surface: what other folders may import from it. Refunds sit below
// passes, coaching and payments, which all refund, and import no other domain (architecture.md
// "Server layers").
export { recordRefundsOfCharge, refundedPenceOf, refundPassInFull, refundSessionPayment } from './refund-service.ts';
