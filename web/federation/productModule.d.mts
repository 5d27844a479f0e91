import type { UserConfig } from 'vite';

export function productModuleConfig(name: string): UserConfig;
