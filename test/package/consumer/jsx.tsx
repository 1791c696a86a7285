// A React 19 app's TSX with the generated JSX typings (`@provider-link/widget/jsx`).
import type { CustomElements } from '@provider-link/widget/jsx';

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface IntrinsicElements extends CustomElements {}
  }
}

export function Inline({ linkToken }: { linkToken: string }) {
  return (
    <provider-link
      linkToken={linkToken}
      oauth-mode="popup"
      onlink-success={(event) => event.detail.provider.toUpperCase()}
      onlink-error={(event) => event.detail.recoverable}
      onlink-exit={(event) => event.detail.reason}
      onlink-event={(event) => event.detail.name}
    />
  );
}

// @ts-expect-error not an oauth mode
export const wrongMode = <provider-link oauthMode="sideways" />;
// @ts-expect-error link-exit's detail has no `message`
export const wrongDetail = <provider-link onlink-exit={(event) => event.detail.message} />;
