/** The link back to the loans list, above a page's title. */
import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../paths';

export default function BackToList() {
  const { t } = useTranslation('prestiti');
  return (
    <Anchor component={Link} to={paths.list} size="sm">
      <Group gap={4}>
        <IconArrowLeft size={14} />
        {t('list.title')}
      </Group>
    </Anchor>
  );
}
