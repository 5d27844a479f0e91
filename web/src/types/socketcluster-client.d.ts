/** The part of socketcluster-client 20 the shell uses (the package ships no types). */
declare module 'socketcluster-client' {
  export interface AGChannel<T = unknown> extends AsyncIterable<T> {
    name: string;
    state: 'pending' | 'subscribed' | 'unsubscribed';
    listener(event: 'subscribe' | 'subscribeFail' | 'unsubscribe'): AsyncIterable<unknown>;
    unsubscribe(): void;
    close(): void;
    /** A consumer of the channel's data; `return()` ends it. */
    createConsumer(): { next(): Promise<IteratorResult<T>>; return(): void };
  }
  export interface InvokeOptions {
    ackTimeout?: number;
  }
  export interface AGClientSocket {
    id: string | null;
    state: 'connecting' | 'open' | 'closed';
    authState: 'authenticated' | 'unauthenticated';
    signedAuthToken: string | null;
    invoke<T = unknown>(event: string, data?: unknown, options?: InvokeOptions): Promise<T>;
    transmit(event: string, data?: unknown, options?: InvokeOptions): Promise<void>;
    /** `#publish` with an acknowledgement (the server refuses with an error). */
    invokePublish(channel: string, data?: unknown): Promise<void>;
    subscribe<T = unknown>(channel: string, options?: { waitForAuth?: boolean }): AGChannel<T>;
    unsubscribe(channel: string): void;
    listener(event: string): AsyncIterable<Record<string, unknown>>;
    receiver(event: string): AsyncIterable<unknown>;
    closeAllChannels(): void;
    deauthenticate(): Promise<void>;
    disconnect(code?: number, reason?: string): void;
    connect(): void;
  }
  export function create(options: Record<string, unknown>): AGClientSocket;
}
