/** Icon names used by menu entries and products (server side names) → Tabler icons. */
import {
  IconAddressBook,
  IconApps,
  IconCar,
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

export function iconFor(name: string | undefined): Icon {
  return (name && ICONS[name]) || IconApps;
}
