/** `/rui/:id`: one collaborator's RUI entry and training (see RuiUserView). */
import { Stack } from '@mantine/core';
import { BackLink } from '@sportello/host-api';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import RuiUserView from './components/RuiUserView';

export default function RuiUserPage() {
  const { t } = useTranslation('rui');
  const { id = '' } = useParams();
  return (
    <Stack gap="md" className="page" maw={1100} data-testid="rui-user-page">
      <BackLink to="/rui">{t('back')}</BackLink>
      <RuiUserView id={id} />
    </Stack>
  );
}
