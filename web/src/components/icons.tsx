/**
 * Icon names used by menu entries and products (server side names) → Tabler icons.
 *
 * Any Tabler icon name works (the server checks a line's against core/tabler_icons.txt when it
 * loads the plugin). The icons core's menu uses are in the shell's own code; any other is drawn
 * from the whole icon set, a chunk of its own downloaded the first time such a name is shown,
 * so the login screen's JavaScript carries none of them.
 */
import { createElement, useEffect, useState } from 'react';
import {
  IconAddressBook,
  IconApps,
  IconCar,
  IconCarCrash,
  IconCarSuv,
  IconCash,
  IconCashBanknote,
  IconChartBar,
  IconCirclePlus,
  IconFileText,
  IconFolder,
  IconHome,
  IconLicense,
  IconMessages,
  IconPackage,
  IconSettings,
  IconShieldCheck,
  IconUsers,
  IconWallet,
  type Icon,
} from '@tabler/icons-react';

const ICONS: Record<string, Icon> = {
  'address-book': IconAddressBook,
  car: IconCar,
  'car-crash': IconCarCrash,
  'car-suv': IconCarSuv,
  cash: IconCash,
  'cash-banknote': IconCashBanknote,
  'chart-bar': IconChartBar,
  'circle-plus': IconCirclePlus,
  'file-text': IconFileText,
  folder: IconFolder,
  home: IconHome,
  license: IconLicense,
  messages: IconMessages,
  package: IconPackage,
  settings: IconSettings,
  'shield-check': IconShieldCheck,
  users: IconUsers,
  wallet: IconWallet,
};

/** The icon names known here (products pick one of these). */
export const ICON_NAMES: readonly string[] = Object.keys(ICONS);

/** The component a Tabler icon name is exported as: 'car-suv' → 'IconCarSuv'. */
export function componentName(name: string): string {
  return `Icon${name
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('')}`;
}

type IconSet = Record<string, Icon | undefined>;
let iconSet: Promise<IconSet> | null = null;
/** The whole icon set, downloaded once, when a name the shell does not carry is first shown. */
const loadIconSet = (): Promise<IconSet> => (iconSet ??= import('@tabler/icons-react').then((m) => m as unknown as IconSet));

const found = new Map<string, Icon>();
const byName = new Map<string, Icon>();

/** An icon drawn from the whole set by name: blank until it arrives, `IconApps` if unknown. */
function namedIcon(name: string): Icon {
  const NamedIcon = ((props) => {
    const [icon, setIcon] = useState<Icon | undefined>(() => found.get(name));
    useEffect(() => {
      if (icon) return;
      let live = true;
      loadIconSet().then(
        (set) => {
          const loaded = set[componentName(name)] ?? IconApps;
          found.set(name, loaded);
          if (live) setIcon(() => loaded);
        },
        () => live && setIcon(() => IconApps),
      );
      return () => {
        live = false;
      };
    }, [icon]);
    if (icon) return createElement(icon, props);
    const size = props.size ?? 24;
    return createElement('span', { style: { display: 'inline-block', width: size, height: size }, 'aria-hidden': true });
  }) as Icon;
  return NamedIcon;
}

export function iconFor(name: string | undefined): Icon {
  if (!name) return IconApps;
  const known = ICONS[name];
  if (known) return known;
  let icon = byName.get(name);
  if (!icon) byName.set(name, (icon = namedIcon(name)));
  return icon;
}
