/** A decoded fiscal code in words: 'Nato il 01/01/1980 a Roma (RM)', 'Nata il … all'estero: Francia'. */
import { formatDay } from '@sportello/host-api';

export interface BirthFacts {
  /** YYYY-MM-DD */
  birthDate: string;
  sex: 'M' | 'F';
  placeCode: string;
  /** The town ('Milano (MI)') or foreign state; absent while unknown. */
  place?: string | null;
  abroad?: boolean;
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The sentence in the `fields` namespace; the place code stands in for an unknown place. */
export function birthText(t: Translate, facts: BirthFacts): string {
  const female = facts.sex === 'F' ? 'F' : '';
  const date = formatDay(facts.birthDate);
  if (!facts.place) return t(`fields:cf.personCode${female}`, { date, place: facts.placeCode });
  return t(facts.abroad ? `fields:cf.personAbroad${female}` : `fields:cf.person${female}`, { date, place: facts.place });
}
