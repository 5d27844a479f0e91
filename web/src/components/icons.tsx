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

export function iconFor(name: string | undefined): Icon {
  return (name && ICONS[name]) || IconApps;
}
