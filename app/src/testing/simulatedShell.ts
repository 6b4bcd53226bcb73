// Tests run the app inside a native shell played by the simulator's own answers (../simulator/shell.ts):
// `window.ReactNativeWebView` receives the app's messages and the replies come back as window `message`
// events without a source, the way react-native-webview delivers them.
import { resetBridge } from '../services/native/bridge';
import { parseBridgeMessage, type BridgeMessage } from '../services/native/message';
import { answerBridgeMessage, DEFAULT_SHELL_SETTINGS, type ShellEffect, type ShellSettings } from '../simulator/shell';

export interface SimulatedShell {
  settings: ShellSettings;
  /** Every message the app sent, in order. */
  sent: BridgeMessage[];
  effects: ShellEffect[];
  /** Messages of these actions get no reply (the shell "hangs"). */
  silent: Set<string>;
  /** Sends a message from the phone to the page. */
  push(message: BridgeMessage): void;
  sentActions(): string[];
}

export type ShellOverrides = Partial<Omit<ShellSettings, 'permissions'>> & { permissions?: Partial<ShellSettings['permissions']> };

export function installSimulatedShell(overrides: ShellOverrides = {}): SimulatedShell {
  resetBridge();
  const settings: ShellSettings = {
    ...DEFAULT_SHELL_SETTINGS,
    ...overrides,
    permissions: { ...DEFAULT_SHELL_SETTINGS.permissions, ...overrides.permissions },
  };
  const shell: SimulatedShell = {
    settings,
    sent: [],
    effects: [],
    silent: new Set(),
    push(message) {
      window.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(message) }));
    },
    sentActions() {
      return shell.sent.map((message) => message.action);
    },
  };
  window.ReactNativeWebView = {
    postMessage(json: string) {
      const message = parseBridgeMessage(json);
      if (!message) throw new Error(`the app sent something that is not a bridge message: ${json}`);
      shell.sent.push(message);
      const answer = answerBridgeMessage(message, shell.settings);
      if (answer.effect) shell.effects.push(answer.effect);
      if (!answer.reply || shell.silent.has(message.action)) return;
      const reply = { action: message.action, data: answer.reply.data, ...(message.id === undefined ? {} : { id: message.id }) };
      // A phone answers asynchronously.
      setTimeout(() => shell.push(reply), 0);
    },
  };
  return shell;
}

export function removeSimulatedShell(): void {
  delete window.ReactNativeWebView;
  resetBridge();
}
