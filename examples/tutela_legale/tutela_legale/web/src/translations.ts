/** The module's own namespace (`tutela_legale`); `it` and `en` carry the same keys. */
export const translations = {
  it: {
    menu: { label: 'Tutela legale' },
    list: {
      title: 'Tutela legale: pratiche',
      newTitle: 'Titolo della nuova pratica',
      newClient: 'Cliente',
      create: 'Crea pratica',
      created: 'Pratica creata',
      empty: 'Nessuna pratica',
      loading: 'Caricamento delle pratiche…',
    },
    columns: { title: 'Titolo', client: 'Cliente', status: 'Stato', at: 'Creata il' },
    detail: {
      back: 'Torna alle pratiche',
      notFound: 'Pratica non trovata',
      client: 'Cliente: {{client}}',
      createdAt: 'Creata il {{date}}',
      moveTo: 'Passa a «{{status}}»',
    },
  },
  en: {
    menu: { label: 'Legal protection' },
    list: {
      title: 'Legal protection: cases',
      newTitle: 'Title of the new case',
      newClient: 'Client',
      create: 'Create case',
      created: 'Case created',
      empty: 'No cases',
      loading: 'Loading the cases…',
    },
    columns: { title: 'Title', client: 'Client', status: 'Status', at: 'Created on' },
    detail: {
      back: 'Back to the cases',
      notFound: 'Case not found',
      client: 'Client: {{client}}',
      createdAt: 'Created on {{date}}',
      moveTo: 'Move to “{{status}}”',
    },
  },
};
