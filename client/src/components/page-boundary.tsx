import { Component, type ReactNode, Suspense } from "react";
import { LoadError } from "@/components/load-error";
import { trackError } from "@/lib/analytics";
import { useT } from "@/lib/i18n";
import { commonCatalog } from "./i18n";

type TProps = {
  /** Shown while the page's code downloads. */
  fallback: ReactNode;
  /** A new value (the next address) forgets an earlier failure. */
  resetKey: string;
  children: ReactNode;
};

/** "This page could not be loaded. Try again", where Try again reloads. */
function PageFailed() {
  const t = useT(commonCatalog);
  return (
    <LoadError
      card
      what={t("loadError.thisPage")}
      onRetry={() => window.location.reload()}
      className="m-4 p-8 text-center"
    />
  );
}

/**
 * Where a lazily loaded page is drawn: `fallback` while its code downloads, and a way to reload if
 * the download fails (offline, or a new release replaced the file) or the page breaks.
 */
export class PageBoundary extends Component<TProps, { isFailed: boolean; key: string }> {
  state = { isFailed: false, key: this.props.resetKey };

  static getDerivedStateFromError() {
    return { isFailed: true };
  }

  static getDerivedStateFromProps(props: TProps, state: { key: string }) {
    return props.resetKey === state.key ? null : { isFailed: false, key: props.resetKey };
  }

  componentDidCatch(error: unknown) {
    trackError(error, `page ${this.props.resetKey}`);
  }

  render() {
    if (this.state.isFailed) {
      return <PageFailed />;
    }
    return <Suspense fallback={this.props.fallback}>{this.props.children}</Suspense>;
  }
}
