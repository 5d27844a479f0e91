/**
 * The top bar's search: a button (an icon on narrow screens, so the tenant's name keeps its
 * room) and the shortcuts Ctrl+K / ⌘K and "/"; the dialog's code loads with the first opening.
 */
import { ActionIcon, Button, Kbd } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/context';
import { SEARCHED_MENUS } from './searchResults';

const SearchDialog = lazy(() => import('./SearchDialog'));

export function SearchButton() {
  const { t } = useTranslation('layout');
  const { menu } = useSession();
  const [opened, setOpened] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const allowed = menu.some((entry) => (SEARCHED_MENUS as readonly string[]).includes(entry.key));
  const show = () => {
    if (!allowed) return;
    setLoaded(true);
    setOpened(true);
  };
  useHotkeys([
    ['mod+K', show],
    ['/', show],
  ]);
  if (!allowed) return null;
  return (
    <>
      <Button
        variant="default"
        radius="xl"
        size="sm"
        visibleFrom="md"
        leftSection={<IconSearch size={16} />}
        rightSection={<Kbd size="xs">Ctrl K</Kbd>}
        onClick={show}
        data-testid="search-button"
      >
        {t('search.button')}
      </Button>
      <ActionIcon
        variant="subtle"
        size="lg"
        radius="xl"
        hiddenFrom="md"
        onClick={show}
        aria-label={t('search.button')}
        title={t('search.button')}
        data-testid="search-icon"
      >
        <IconSearch size={20} />
      </ActionIcon>
      {loaded && (
        <Suspense fallback={null}>
          <SearchDialog opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
