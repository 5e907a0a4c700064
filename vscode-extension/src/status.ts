/** The language server's state as the status bar shows it. */
export type ServerState = 'starting' | 'running' | 'stopped' | 'error';

export interface StatusView {
  text: string;
  tooltip: string;
  /** Read by screen readers, and by the end-to-end tests. */
  accessibleLabel: string;
  isError: boolean;
}

export function statusView(state: ServerState, detail?: string): StatusView {
  const icon = { starting: '$(sync~spin)', running: '$(check)', stopped: '$(circle-slash)', error: '$(error)' }[state];
  const words = { starting: 'starting', running: 'running', stopped: 'stopped', error: 'error' }[state];
  const tooltip = `BufferLens server: ${words}${detail ? ` — ${detail}` : ''}\nClick for the server log.`;
  return {
    text: `${icon} BufferLens`,
    tooltip,
    accessibleLabel: `BufferLens server ${words}${detail ? `: ${detail}` : ''}`,
    isError: state === 'error',
  };
}
