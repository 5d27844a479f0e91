/** The link back to the loans list, above a page's title. */
import { BackLink } from '@sportello/host-api';
import { useTranslation } from 'react-i18next';
import { paths } from '../paths';

export default function BackToList() {
  const { t } = useTranslation('prestiti');
  return <BackLink to={paths.list}>{t('list.title')}</BackLink>;
}
