/**
 * What the shell hands its product modules as the router's outlet context. The types are a copy
 * of the shell's `HostContext` (web/src/federation/contract.ts): the module is built on its own
 * as a remote and imports nothing from the shell's sources.
 */
import type { ComponentType } from 'react';
import { useOutletContext } from 'react-router';

/** A record of a live collection (quote, user, product, document…), keyed by `_id`. */
export interface HostItem {
  _id: string;
  [field: string]: unknown;
}

/** The quote-list filters the shell's toolbar edits. */
export interface QuoteFilters {
  tab: 'preventivi' | 'richieste' | 'emissioni';
  search: string;
  from: string | null;
  to: string | null;
  status: string[];
  collaborator: string | null;
  archived: boolean;
}

export interface HostContext {
  userName: (id: string | null | undefined) => string;
  user: HostItem;
  flags: {
    admin: boolean;
    responsabile: boolean;
    employee: boolean;
    agent: boolean;
    referrer: boolean;
    parentAgentId: string | null;
    canEdit: boolean;
  };
  /** Whether the first data sync is over: a quote missing before then may still arrive. */
  dataLoaded: boolean;
  useCollection: (name: 'preventivi' | 'polizze' | 'usr' | 'products' | 'docs' | 'chat') => Readonly<Record<string, HostItem>>;
  call: <T = unknown>(name: string, data?: unknown) => Promise<T>;
  notify: { success: (message: string) => void; error: (message: string) => void };
  statuses: { id: number; name: string; canSelectedBy?: string[]; alert?: string[] }[];
  quotes: {
    filter: (quotes: HostItem[], filters: QuoteFilters) => HostItem[];
    highlighted: (quote: HostItem) => boolean;
    statusColor: (status: string | null | undefined) => string;
  };
  ui: {
    QuoteToolbar: ComponentType<{ quotes: HostItem[]; value: QuoteFilters; onChange: (next: QuoteFilters) => void }>;
    StatusChanger: ComponentType<{ quote: HostItem }>;
    DocumentsSection: ComponentType<{ ownerKind: 'preventivo' | 'polizza'; ownerId: string }>;
    ChatButton: ComponentType<{ roomId: string }>;
    CustomerFieldsForm: ComponentType<{
      fields: HostItem[];
      value: Record<string, unknown>;
      onChange: (next: Record<string, unknown>) => void;
      errors?: Record<string, string>;
    }>;
    CollaboratorSelect: ComponentType<{ value: string | null; onChange: (id: string | null) => void; label?: string }>;
    StatusBadge: ComponentType<{ status: string | null | undefined }>;
  };
}

/** The shell's context; the module's routes always render under the shell's outlet. */
export function useHost(): HostContext {
  return useOutletContext<HostContext>();
}
