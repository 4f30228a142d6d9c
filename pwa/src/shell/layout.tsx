// PLACEHOLDER — replaced by the shell (top navigation, footer).
import { Outlet } from 'react-router-dom';
export function Layout() {
  return <Outlet />;
}
