/** The line's id, addresses, stream and call: the same names as the server's practices.py. */
export const LINE = 'tutela-legale';
export const NAMESPACE = 'tutela_legale';
/** The synced stream (a collection of the shell's store, and a live channel). */
export const STREAM = `${LINE}/pratiche` as const;
export const SAVE = 'tutelaLegale.salvaPratica';
export const STATUSES = ['Aperta', 'In corso', 'Chiusa'] as const;

export const paths = {
  list: `/${LINE}`,
  practice: (id: string) => `/${LINE}/${encodeURIComponent(id)}`,
};
