import { useEffect, useState } from "react";
import { formatSingaporeTime, relativeTime } from "../shared/format";
import { useRootData } from "./root-data";

/**
 * "5 minutes ago", kept fresh. The first render uses the server's render time so hydration
 * matches; afterwards the browser's clock takes over and the label refreshes itself.
 */
export function RelativeTime({ date }: { date: string }) {
  const { renderedAt } = useRootData();
  const [now, setNow] = useState(() => new Date(renderedAt));
  useEffect(() => {
    const tick = () => setNow(new Date());
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 30_000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, []);
  return (
    <time dateTime={date} title={formatSingaporeTime(date)} suppressHydrationWarning>
      {relativeTime(date, now)}
    </time>
  );
}
