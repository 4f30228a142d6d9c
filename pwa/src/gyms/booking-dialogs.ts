/**
 * The timetable's five booking dialogs, as one chunk the gym profile loads after its first render
 * (decision 167): none is open when the page first paints, and together with their forms, pickers
 * and checkout code they were a third of the page's script and half its requests.
 */
import './gym-modal.css';

export { ClassBookingModal } from './class-booking-modal.tsx';
export { DayPassModal } from './day-pass-modal.tsx';
export { MastrClassModal } from './mastr-class-modal.tsx';
export { PtRequestModal } from './pt-request-modal.tsx';
export { RequestSentModal } from './request-sent-modal.tsx';
