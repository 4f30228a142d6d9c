import { INVITATION_ONLY, type ClassDiscipline, type Difficulty } from '@mastr/rules/constants.ts';
import { DEMO_GYMS } from './demo-data.ts';

type GymDay = 'Mon' | 'Tue' | 'Wed' | 'Thu' | 'Fri' | 'Sat' | 'Sun';

/** One row of a demo timetable: day, start and end ('HH:mm'), discipline, difficulty, location. */
export type TimetableRow = readonly [GymDay, string, string, ClassDiscipline, Difficulty, string];

/** Default weekly timetables of the demo gyms, by gym id; kids classes follow from the discipline. */
export const DEMO_TIMETABLES: Readonly<Record<string, readonly TimetableRow[]>> = {
  [DEMO_GYMS[0].profileId]: [
    ['Mon', '06:30', '07:30', 'No-Gi Jiu-Jitsu', 'Fundamentals', 'Main Mat'],
    ['Mon', '12:00', '13:00', 'Boxing', 'Any', 'Ring'],
    ['Mon', '18:00', '19:00', 'MMA', 'Fundamentals', 'Cage'],
    ['Mon', '19:00', '20:30', 'MMA Sparring', 'Advanced', 'Cage'],
    ['Tue', '07:00', '08:00', 'Strength & Conditioning', 'Any', 'Weights Room'],
    ['Tue', '18:00', '19:00', 'Gi Jiu-Jitsu', 'Intermediate', 'Main Mat'],
    ['Tue', '19:00', '20:00', 'Kickboxing', 'Fundamentals', 'Main Mat'],
    ['Wed', '06:30', '07:30', 'Circuits', 'Any', 'Main Mat'],
    ['Wed', '17:00', '18:00', 'Kids Boxing', 'Fundamentals', 'Ring'],
    ['Wed', '18:30', '20:00', 'MMA Wall Wrestling', 'Intermediate', 'Cage'],
    // Thursday 18:00 is also the gym's weekly Mastr class slot.
    ['Thu', '18:00', '19:00', 'MMA', 'Fundamentals', 'Cage'],
    ['Thu', '19:00', '20:30', 'MMA Sparring', INVITATION_ONLY, 'Cage'],
    ['Fri', '12:00', '13:00', 'No-Gi Jiu-Jitsu', 'Any', 'Main Mat'],
    ['Fri', '18:00', '19:30', 'Boxing', 'Intermediate', 'Ring'],
    ['Sat', '09:00', '10:00', 'Kids Jiu-Jitsu', 'Fundamentals', 'Main Mat'],
    ['Sat', '10:00', '11:00', 'Kids Kickboxing', 'Fundamentals', 'Main Mat'],
    ['Sat', '11:00', '12:30', 'Wrestling', 'Intermediate', 'Main Mat'],
    ['Sun', '10:00', '12:00', 'Open Mat', 'Any', 'Main Mat'],
  ],
  [DEMO_GYMS[1].profileId]: [
    ['Mon', '18:00', '19:30', 'MMA', 'Intermediate', 'Cage'],
    ['Mon', '19:30', '20:30', 'Freestyle Wrestling', 'Advanced', 'Wrestling Room'],
    ['Tue', '07:00', '08:00', 'Strength & Conditioning', 'Any', 'Strength Area'],
    ['Tue', '18:00', '19:00', 'Kickboxing', 'Fundamentals', 'Cage'],
    ['Wed', '18:00', '19:00', 'Greco-Roman Wrestling', 'Intermediate', 'Wrestling Room'],
    ['Wed', '19:00', '20:30', 'MMA Sparring', 'Advanced', 'Cage'],
    ['Thu', '17:00', '18:00', 'Kids Wrestling', 'Fundamentals', 'Wrestling Room'],
    ['Thu', '18:00', '19:30', 'MMA', 'Fundamentals', 'Cage'],
    ['Sat', '10:00', '12:00', 'Open Mat', 'Any', 'Cage'],
  ],
  [DEMO_GYMS[2].profileId]: [
    ['Mon', '18:00', '19:00', 'Boxing', 'Fundamentals', 'Ring'],
    ['Mon', '19:00', '20:30', 'Gi Jiu-Jitsu', 'Intermediate', 'Mats'],
    ['Tue', '12:00', '13:00', 'Gi Judo', 'Any', 'Mats'],
    ['Tue', '18:00', '19:30', 'No-Gi Jiu-Jitsu', 'Advanced', 'Mats'],
    ['Wed', '17:00', '18:00', 'Kids Judo', 'Fundamentals', 'Mats'],
    ['Wed', '18:00', '19:00', 'Boxing', 'Intermediate', 'Ring'],
    ['Thu', '18:00', '19:30', 'No-Gi Judo', 'Intermediate', 'Mats'],
    ['Fri', '18:00', '19:00', 'Circuits', 'Any', 'Ring'],
    ['Sat', '09:30', '10:30', 'Kids Gi Jiu-Jitsu', 'Fundamentals', 'Mats'],
    ['Sat', '10:30', '11:30', 'Kids Boxing', 'Fundamentals', 'Ring'],
    ['Sun', '11:00', '13:00', 'Open Mat', 'Any', 'Mats'],
  ],
};
