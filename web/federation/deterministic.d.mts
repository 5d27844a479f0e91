import type { PluginOption } from 'vite';

export const IDLE_TIMEOUT_S: number;
export function deterministic(plugins: PluginOption[] | PluginOption): PluginOption[];
