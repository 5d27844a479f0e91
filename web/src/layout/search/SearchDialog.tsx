/**
 * The search dialog (loaded with the first opening): a text box, the results grouped
 * (Clienti, Preventivi, Polizze, Sinistri), arrows to move, Enter or a click to open one.
 */
import { Loader, Modal, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DEBOUNCE_MS, MAX_TEXT, fetchSearch, moved, searchable, shown, type SearchAnswer, type SearchHit } from './searchResults';

interface Props {
  opened: boolean;
  onClose: () => void;
  /** The search; the server's by default. */
  search?: (text: string, signal: AbortSignal) => Promise<SearchAnswer>;
}

export default function SearchDialog({ opened, onClose, search = fetchSearch }: Props) {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, DEBOUNCE_MS);
  const [answer, setAnswer] = useState<SearchAnswer | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [active, setActive] = useState(-1);

  useEffect(() => {
    if (!searchable(debounced)) {
      setAnswer(null);
      setLoading(false);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    setFailed(false);
    search(debounced, controller.signal)
      .then((found) => {
        setAnswer(found);
        setActive(shown(found).hits.length > 0 ? 0 : -1);
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [debounced, search]);

  const { groups, hits } = shown(answer);
  const open = (hit: SearchHit) => {
    onClose();
    setText('');
    navigate(hit.path);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((now) => moved(now, event.key === 'ArrowDown' ? 1 : -1, hits.length));
    } else if (event.key === 'Enter' && hits[active]) {
      event.preventDefault();
      open(hits[active]);
    }
  };

  const empty = searchable(debounced) && !loading && !failed && answer !== null && hits.length === 0;
  return (
    <Modal opened={opened} onClose={onClose} title={t('search.title')} size="lg" data-testid="search-dialog">
      <Stack gap="sm">
        <TextInput
          data-autofocus
          value={text}
          maxLength={MAX_TEXT}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          placeholder={t('search.placeholder')}
          aria-label={t('search.placeholder')}
          leftSection={<IconSearch size={16} />}
          rightSection={loading ? <Loader size="xs" /> : null}
          data-testid="search-input"
        />
        {!searchable(text) && <Text size="sm" c="dimmed">{t('search.hint')}</Text>}
        {failed && <Text size="sm" c="red">{t('search.failed')}</Text>}
        {empty && <Text size="sm" c="dimmed" data-testid="search-empty">{t('search.none')}</Text>}
        <ScrollArea.Autosize mah="60vh">
          <Stack gap="xs" role="listbox" aria-label={t('search.title')}>
            {groups.map((group) => (
              <Stack key={group.kind} gap={2} data-testid={`search-group-${group.kind}`}>
                <Text size="xs" fw={700} tt="uppercase" c="dimmed">{t(`search.groups.${group.kind}`)}</Text>
                {group.results.map((hit) => {
                  const selected = hits[active] === hit;
                  return (
                    <UnstyledButton
                      key={`${hit.kind}-${hit.id}`}
                      role="option"
                      aria-selected={selected}
                      onClick={() => open(hit)}
                      onMouseEnter={() => setActive(hits.indexOf(hit))}
                      p="xs"
                      style={{ borderRadius: 6, background: selected ? 'var(--mantine-color-gray-1)' : undefined }}
                      data-testid="search-hit"
                    >
                      <Text size="sm" fw={500} lineClamp={1}>{hit.title || '—'}</Text>
                      <Text size="xs" c="dimmed" lineClamp={1}>{hit.subtitle}</Text>
                    </UnstyledButton>
                  );
                })}
              </Stack>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      </Stack>
    </Modal>
  );
}
