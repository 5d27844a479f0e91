/** `/api/rui`: the collaborators' RUI entries and their yearly training (Reg. IVASS 40/2018). */
import { requestJson } from '../../lib/http';

export type Section = 'A' | 'B' | 'C' | 'D' | 'E' | 'F';

export interface RuiEntry {
  section: Section;
  sectionName: string;
  number: string;
  registeredOn: string;
  endedOn: string | null;
  intermediaryName: string;
  intermediaryNumber: string | null;
}

export interface IntermediaryEntry {
  name: string;
  section: Section;
  sectionName: string;
  number: string;
  registeredOn: string;
  endedOn: string | null;
}

/** Hours travel as decimal strings with two places ('12.50'). */
export interface Training {
  year: number;
  done: string;
  required: string;
  missing: string;
  short: boolean;
}

export interface Collaborator {
  _id: string;
  name: string;
  email: string;
  rui: RuiEntry | null;
  valid: boolean;
  training: Training;
}

export interface Course {
  _id: string;
  day: string;
  hours: string;
  title: string;
  provider: string;
}

export interface CollaboratorDetail extends Collaborator {
  entries: Course[];
}

export interface EntryForm {
  section: string;
  number: string;
  registeredOn: string;
  endedOn: string | null;
  intermediaryName: string;
  intermediaryNumber: string | null;
}

export interface CourseForm {
  day: string;
  hours: number;
  title: string;
  provider: string;
}

const user = (id: string) => `/api/rui/utenti/${encodeURIComponent(id)}`;

export const fetchCollaborators = (year: number) => requestJson<Collaborator[]>(`/api/rui?year=${year}`);

export const fetchCollaborator = (id: string, year: number) => requestJson<CollaboratorDetail>(`${user(id)}?year=${year}`);

export const saveEntry = (id: string, form: EntryForm) => requestJson<{ rui: RuiEntry }>(user(id), { method: 'PUT', json: form });

export const addCourse = (id: string, form: CourseForm) => requestJson<Course>(`${user(id)}/formazione`, { json: form });

export const removeCourse = (courseId: string) =>
  requestJson<null>(`/api/rui/formazione/${encodeURIComponent(courseId)}`, { method: 'DELETE' });

export const fetchIntermediary = () => requestJson<{ rui: IntermediaryEntry | null }>('/api/rui/intermediario');

export const saveIntermediary = (form: Omit<EntryForm, 'intermediaryName' | 'intermediaryNumber'> & { name: string }) =>
  requestJson<{ rui: IntermediaryEntry | null }>('/api/rui/intermediario', { method: 'PUT', json: form });
