import { Component, type ReactNode } from 'react';
import { localHref } from '../../client/site.ts';

/**
 * An island's last line: a render error nobody handled sends the visitor to /error
 * (docs/product-rules.md §2, §8), as the server does for a failed page render, instead of leaving a dead island.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('island failed', error);
    window.location.assign(`${localHref('/error')}?errorCode=500`);
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}
