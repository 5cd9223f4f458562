/**
 * Catches a page that failed to render or load (often a new deployment replaced its chunk): says
 * so in the user's language and offers a reload, instead of a blank page.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { errorText } from '../lib/errors.ts';
import { i18next } from '../lib/i18n.ts';

function isChunkError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /ChunkLoadError|Failed to fetch dynamically imported module|Importing a module script failed/i.test(
    text,
  );
}

interface Props {
  /** A new value (the path) clears the error, so navigating away recovers. */
  resetKey: string;
  children: ReactNode;
}

export class RouteErrorBoundary extends Component<Props, { error: unknown; resetKey: string }> {
  override state = { error: undefined as unknown, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: { error: unknown; resetKey: string }) {
    return props.resetKey === state.resetKey ? null : { error: undefined, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (!isChunkError(error)) console.error(error, info.componentStack);
  }

  override render() {
    if (this.state.error === undefined) return this.props.children;
    const chunk = isChunkError(this.state.error);
    return (
      <section className="panel coming-soon" role="alert">
        <h1>{errorText(chunk ? 'CHUNK_LOAD_FAILED' : 'SYSTEM_BUSY')}</h1>
        <button type="button" className="button-link" onClick={() => window.location.reload()}>
          {i18next.t('common.retry')}
        </button>
      </section>
    );
  }
}
