/**
 * How a quote is started from the list: agents create for themselves ('Nuovo preventivo' in the
 * header, CREA PREVENTIVO on the empty list); admins and responsabili first pick the collaborator it is for.
 */
import { NewQuoteAction } from '@sportello/host-api';
import { useTranslation } from 'react-i18next';
import { paths } from '../paths';

export default function NewRentalAction({ variant }: { variant: 'header' | 'empty' }) {
  const { t } = useTranslation('noleggio_auto');
  const empty = variant === 'empty';
  return (
    <NewQuoteAction
      createPath={paths.create}
      label={empty ? t('list.create') : t('list.new')}
      assignLabel={t('list.assign')}
      size={empty ? 'md' : 'sm'}
      testId={empty ? 'rental-create' : 'rental-new'}
      assignTestId="rental-assign"
    />
  );
}
