/** The top loading bar while a navigation loads (spec 9: about 1.5 s to fill). */
export function LoadingBar({ active }: { active: boolean }) {
  return <div className={active ? 'loading-bar is-active' : 'loading-bar'} aria-hidden="true" />;
}
