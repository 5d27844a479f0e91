// Chromium driven over a bare DevTools connection: pages with the Page and Runtime domains
// only. Playwright enables the Network domain on every page it drives, and Chromium then
// copies each WebSocket frame's payload to the driver (megabytes during a sync), work a
// broker's browser never does; timings of the sync are measured here instead. Needs Node's
// WebSocket (built in from Node 22; `--experimental-websocket` on Node 20).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS } from '../e2e/harness.mjs';

export class BareChromium {
  static async launch() {
    const profile = mkdtempSync(join(tmpdir(), 'sportello-bare-chromium-'));
    const child = spawn('/usr/bin/chromium', [...CHROMIUM_ARGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const url = await new Promise((resolve, reject) => {
      let seen = '';
      child.once('exit', (code) => reject(new Error(`chromium exited (${code}): ${seen.slice(-2000)}`)));
      child.stderr.on('data', (chunk) => {
        seen += chunk;
        const found = seen.match(/DevTools listening on (ws:\S+)/);
        if (found) resolve(found[1]);
      });
    });
    const socket = new WebSocket(url);
    await new Promise((resolve, reject) => {
      socket.addEventListener('open', resolve, { once: true });
      socket.addEventListener('error', reject, { once: true });
    });
    return new BareChromium(child, profile, socket);
  }

  constructor(child, profile, socket) {
    this.child = child;
    this.profile = profile;
    this.socket = socket;
    this.lastId = 0;
    this.pending = new Map();
    this.pages = new Map();
    socket.addEventListener('message', (event) => {
      const message = JSON.parse(event.data);
      if (message.method === 'Runtime.exceptionThrown') {
        const details = message.params.exceptionDetails;
        this.pages.get(message.sessionId)?.errors.push(details.exception?.description ?? details.text);
      }
      const call = this.pending.get(message.id);
      if (!call) return;
      this.pending.delete(message.id);
      if (message.error) call.reject(new Error(`${call.method}: ${message.error.message}`));
      else call.resolve(message.result);
    });
  }

  send(method, params = {}, sessionId = undefined) {
    const id = ++this.lastId;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { method, resolve, reject });
      this.socket.send(JSON.stringify({ id, method, params, sessionId }));
    });
  }

  /** A page in a fresh browser context (no cookies or storage from another page). */
  async newPage({ width = 1440, height = 900 } = {}) {
    const { browserContextId } = await this.send('Target.createBrowserContext');
    const { targetId } = await this.send('Target.createTarget', { url: 'about:blank', browserContextId });
    const { sessionId } = await this.send('Target.attachToTarget', { targetId, flatten: true });
    const page = new BarePage(this, sessionId, async () => {
      this.pages.delete(sessionId);
      await this.send('Target.closeTarget', { targetId });
      await this.send('Target.disposeBrowserContext', { browserContextId });
    });
    this.pages.set(sessionId, page);
    await page.send('Page.enable');
    await page.send('Runtime.enable');
    await page.send('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor: 1, mobile: false });
    return page;
  }

  async close() {
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.socket.close();
    this.child.kill();
    await exited;
    rmSync(this.profile, { recursive: true, force: true });
  }
}

class BarePage {
  constructor(browser, sessionId, close) {
    this.browser = browser;
    this.sessionId = sessionId;
    this.close = close;
    /** Uncaught exceptions in the page. */
    this.errors = [];
  }

  send(method, params = {}) {
    return this.browser.send(method, params, this.sessionId);
  }

  /** The value of an expression (awaited when it is a promise); page errors are thrown. */
  async evaluate(expression) {
    const { result, exceptionDetails } = await this.send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true });
    if (exceptionDetails) throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text);
    return result.value;
  }

  /** Wait `ms` on the page's timers. */
  pause(ms) {
    return this.evaluate(`new Promise((resolve) => setTimeout(resolve, ${ms}))`);
  }

  async goto(url) {
    await this.send('Page.navigate', { url });
    await this.waitFor('document.readyState === "complete"');
  }

  /** Poll `expression` in the page at every frame until it is truthy; its value. */
  waitFor(expression, timeoutMs = 30_000) {
    return this.evaluate(`new Promise((resolve, reject) => {
      const end = performance.now() + ${timeoutMs};
      const check = () => {
        let value;
        try { value = (${expression}); } catch { value = undefined; }
        if (value) resolve(value);
        else if (performance.now() > end) reject(new Error('timed out waiting for ' + ${JSON.stringify(expression)}));
        else requestAnimationFrame(check);
      };
      check();
    })`);
  }

  /**
   * Set an input's value as typing does (React's onChange sees it); `window.__typedAt` keeps
   * the page's clock at that moment, to time what the typing causes.
   */
  type(selector, text) {
    return this.evaluate(`(() => {
      const input = document.querySelector(${JSON.stringify(selector)});
      window.__typedAt = performance.now();
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(input, ${JSON.stringify(text)});
      input.dispatchEvent(new Event('input', { bubbles: true }));
    })()`);
  }

  /** Wait for the element to be on screen, then a real mouse click at its centre. */
  async click(selector) {
    const [x, y] = await this.waitFor(`(() => {
      const box = document.querySelector(${JSON.stringify(selector)})?.getBoundingClientRect();
      return box && box.width && box.height ? [box.x + box.width / 2, box.y + box.height / 2] : null;
    })()`);
    await this.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x, y });
    await this.send('Input.dispatchMouseEvent', { type: 'mousePressed', x, y, button: 'left', clickCount: 1 });
    await this.send('Input.dispatchMouseEvent', { type: 'mouseReleased', x, y, button: 'left', clickCount: 1 });
  }
}
