/**
 * Generic components every feature may use (issue 25). They know no feature: lint refuses an import
 * from a feature folder here, and features import them through this file only.
 */
export { Avatar } from './avatar.tsx';
export { ConfirmModal } from './confirm-modal.tsx';
export { DismissibleNotices } from './dismissible-notices.tsx';
export { Modal } from './modal.tsx';
export { PageTitle } from './page-title.tsx';
