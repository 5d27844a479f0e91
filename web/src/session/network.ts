/** The browser's network state into the session: offline and back online (read-only mode). */
export interface NetworkAware {
  setOnline(online: boolean): void;
}

/** Tell `session` the current state and every change; returns the function that stops. */
export function followNetwork(session: NetworkAware, win: Window = window): () => void {
  const update = () => session.setOnline(win.navigator.onLine !== false);
  update();
  win.addEventListener('online', update);
  win.addEventListener('offline', update);
  return () => {
    win.removeEventListener('online', update);
    win.removeEventListener('offline', update);
  };
}
