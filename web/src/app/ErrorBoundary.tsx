import { Component, lazy, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { LoadFailedPage } from '../features/errors/LoadFailedPage';

const ServerErrorPage = lazy(() => import('../features/errors/ErrorPages').then((m) => ({ default: m.ServerErrorPage })));

/** True for the errors browsers raise when a lazily loaded chunk cannot be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
      error.message,
    )
  );
}

interface Props {
  /** A new key (the path) clears a caught error, so navigating away recovers. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  error: unknown;
  resetKey: string;
}

/** Shows the 500 page for render errors and 'Loading failed! Please reload.' for failed chunk loads. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) return { error: null, resetKey: props.resetKey };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Render failed', error, info.componentStack);
  }

  override render() {
    if (this.state.error) {
      if (isChunkLoadError(this.state.error)) return <LoadFailedPage />;
      return (
        <Suspense fallback={null}>
          <ServerErrorPage />
        </Suspense>
      );
    }
    return this.props.children;
  }
}
