/** A read that failed: what failed, and (when it can be tried again) a Try again button. */
export function RetryNotice({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div className="notice notice--error" role="alert">
      <span>{message}</span>
      {onRetry && (
        <button type="button" className="button button--ghost button--small" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
