/**
 * Top bar (SPEC §2): logo, back button (paths with more than two segments), page title (what
 * the page shows, by name: ./pageTitles) and the user's name, the search (./search), the notifications button and the user menu. The background darkens with the
 * scroll, up to 0.3 (scrollTop / 200). On phones and tablets a burger first opens the menu's
 * drawer, and the user menu shows the avatar alone; on phones the logo is smaller, and gives its
 * place to the back button, shows its mark alone, and the title wraps to two lines and shrinks
 * to fit instead of being cut short (./useFittedTitle, shell.css).
 */
import { ActionIcon, Burger, Group, Image, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useBelow } from '@sportello/host-api';
import { useSession } from '../session/context';
import { showsBackButton } from '../lib/format';
import { NotificationsButton } from './NotificationsButton';
import { SearchButton } from './search/SearchButton';
import { UserMenu } from './UserMenu';
import { TITLE_SIZES, useFittedTitle } from './useFittedTitle';
import { usePageTitleText } from './usePageTitleText';

export const MAX_SHADE = 0.3;

export function shadeFor(scrollTop: number): number {
  return Math.min(Math.max(scrollTop, 0) / 200, MAX_SHADE);
}

/** The drawer's state, when the menu is one (phones, tablets). */
export interface TopBarMenu {
  opened: boolean;
  toggle: () => void;
}

export function TopBar({ menu }: { menu?: TopBarMenu }) {
  const { t } = useTranslation('common');
  const { t: tMenu } = useTranslation('menu');
  const { tenant, user } = useSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [shade, setShade] = useState(() => shadeFor(window.scrollY));

  useEffect(() => {
    const onScroll = () => setShade(shadeFor(window.scrollY));
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  const title = usePageTitleText();
  const back = showsBackButton(pathname);
  // on a phone the back button takes the logo's place: the title keeps its room
  const phone = useBelow('sm');
  const logo = !(back && phone);
  const fitted = useFittedTitle(title, phone);
  return (
    <header className="top-bar" data-testid="top-bar">
      <div className="top-bar-shade" style={{ opacity: shade }} data-testid="top-bar-shade" />
      <Group gap="sm" wrap="nowrap" className="top-bar-start">
        {menu && (
          <Burger
            opened={menu.opened}
            onClick={menu.toggle}
            size="sm"
            className="top-bar-burger"
            aria-label={tMenu('navigation')}
            aria-expanded={menu.opened}
            data-testid="menu-burger"
          />
        )}
        {logo && <Image src={tenant.logo} alt={tenant.title} h={30} w="auto" fit="contain" className="top-bar-logo" />}
        {back && (
          <ActionIcon
            variant="subtle"
            size="lg"
            radius="xl"
            onClick={() => navigate(-1)}
            aria-label={t('back')}
            title={t('back')}
            data-testid="back-button"
          >
            <IconArrowLeft size={20} />
          </ActionIcon>
        )}
        <div className="top-bar-title">
          <Title
            ref={fitted.ref}
            order={1}
            size={phone ? TITLE_SIZES[fitted.step] : 'h4'}
            lineClamp={phone ? 2 : 1}
            className={phone && fitted.step === TITLE_SIZES.length - 1 ? 'top-bar-title-breaks' : undefined}
            data-testid="page-title"
          >
            {title}
          </Title>
          <Text size="xs" className="top-bar-subtitle" lineClamp={1}>
            {user?.name ?? user?.email}
          </Text>
        </div>
      </Group>
      <Group gap="xs" wrap="nowrap" className="top-bar-actions">
        <SearchButton />
        <NotificationsButton />
        <UserMenu />
      </Group>
    </header>
  );
}
