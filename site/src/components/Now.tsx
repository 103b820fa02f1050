/** One clock for relative dates: the server's render time while hydrating (no text mismatch), then the browser's. */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

const NowContext = createContext<number>(Date.now());

export function NowProvider({ initial, children }: { initial: string; children: ReactNode }) {
  const [now, setNow] = useState(() => Date.parse(initial) || Date.now());
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return <NowContext.Provider value={now}>{children}</NowContext.Provider>;
}

/** The current time as the page shows it. */
export function useNow(): Date {
  return new Date(useContext(NowContext));
}
