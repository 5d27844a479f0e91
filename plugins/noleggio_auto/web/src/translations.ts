/** The module's own namespace (`noleggio_auto`); `it` and `en` carry the same keys. */
export const translations = {
  it: {
    menu: { label: 'Noleggio auto' },
    list: {
      title: 'Preventivi di noleggio',
      subtitle: '{{count}} preventivi visibili',
      empty: 'Nessun preventivo di noleggio',
      error: 'Impossibile caricare i preventivi: {{message}}',
      perMonth: '/mese',
    },
    columns: { cliente: 'Cliente', auto: 'Auto', canone: 'Canone', data: 'Data', collaboratore: 'Collaboratore', stato: 'Stato' },
    practice: { title: 'Preventivo noleggio', soon: 'La pratica di noleggio è in arrivo.' },
  },
  en: {
    menu: { label: 'Car rental' },
    list: {
      title: 'Rental quotes',
      subtitle: '{{count}} quotes visible',
      empty: 'No rental quotes',
      error: 'The quotes could not be loaded: {{message}}',
      perMonth: '/month',
    },
    columns: { cliente: 'Client', auto: 'Car', canone: 'Monthly fee', data: 'Date', collaboratore: 'Agent', stato: 'Status' },
    practice: { title: 'Rental quote', soon: 'The rental practice is coming soon.' },
  },
};
